package hunters

// The phases of a career. A phase is a small number in memory, for the
// step loop looks one up some thousand times a career, and its name in
// saved games and messages. Each file registers the steps and decisions of
// its phases in init (see flow.go).
const (
	phNone Phase = iota // no phase: an empty Gate or Resume
	// patrol assignment, loading and the travel boxes (assign.go, box.go)
	phAssign
	phChoose
	phAssigned
	phLoadMix
	phLoadTubes
	phLoadAft
	phSail
	phBoxEnter
	phBoxRoll
	phBoxDone
	phProceed
	phAbortWay
	phResupply
	phPatrolEnd
	phBoxAdvance
	// reloading tubes (load.go)
	phReloadFwd
	phReloadAft
	// attacking ships (combat.go)
	phRange
	phApproach
	phPreDet
	phWeapon
	phAim
	phFire
	// ship encounters (ships.go)
	phEngage
	phFollowPick
	phFollowTime
	// escorts and depth charges (escort.go)
	phDetect
	phTestDepth
	phDetectRoll
	phHalsDetect
	phDC
	phEvasive
	phDCRoll
	phHalsDC
	// aircraft (air.go)
	phHalsAir
	phFlakStay
	phShadow
	phAirRetry
	phAirAttack
	phAirFlak
	phFlakSecond
	// after combat (after.go)
	phCombatOver
	phAfter
	phAddlRound
	phFollow
	phFollowDmg
	phEncEnd
	// refit (refit.go)
	phUpgrade
	phRefitDone
	// the wolfpack of a tournament, 13.5 (pack.go)
	phPackWait
	phPackJoin
	phPackNext
	// the other player's rolls and picks, 13.1 and 14.8.3 (twoplayer.go)
	phEnemyRoll
	phEscortPick
	// random events (random.go)
	phCaughtUnawares
	// the end
	phaseOver
	numPhases
)

// phaseNames are the phases' names, as saved.
var phaseNames = [numPhases]string{
	phNone:           "",
	phAssign:         "assign",
	phChoose:         "choose_patrol",
	phAssigned:       "assigned",
	phLoadMix:        "load_mix",
	phLoadTubes:      "load_tubes",
	phLoadAft:        "load_aft_reloads",
	phSail:           "sail",
	phBoxEnter:       "box_enter",
	phBoxRoll:        "box_roll",
	phBoxDone:        "box_done",
	phProceed:        "proceed",
	phAbortWay:       "abort_direction",
	phResupply:       "resupply",
	phPatrolEnd:      "patrol_end",
	phBoxAdvance:     "box_advance",
	phReloadFwd:      "reload_fwd",
	phReloadAft:      "reload_aft",
	phRange:          "range",
	phApproach:       "approach",
	phPreDet:         "predetect",
	phWeapon:         "weapon",
	phAim:            "aim",
	phFire:           "fire",
	phEngage:         "engage",
	phFollowPick:     "follow_pick",
	phFollowTime:     "follow_time",
	phDetect:         "detect",
	phTestDepth:      "test_depth",
	phDetectRoll:     "detect_roll",
	phHalsDetect:     "hals_detect",
	phDC:             "depth_charge",
	phEvasive:        "evasive",
	phDCRoll:         "depth_charge_roll",
	phHalsDC:         "hals_depth_charge",
	phHalsAir:        "hals_aircraft",
	phFlakStay:       "flak_stay",
	phShadow:         "shadow",
	phAirRetry:       "air_retry",
	phAirAttack:      "air_attack",
	phAirFlak:        "air_flak",
	phFlakSecond:     "flak_second_round",
	phCombatOver:     "combat_over",
	phAfter:          "after_combat",
	phAddlRound:      "additional_round",
	phFollow:         "follow",
	phFollowDmg:      "follow_damaged",
	phEncEnd:         "encounter_end",
	phUpgrade:        "upgrade",
	phRefitDone:      "refit_done",
	phPackWait:       "pack_wait",
	phPackJoin:       "pack_join",
	phPackNext:       "pack_next",
	phEnemyRoll:      "enemy_roll",
	phEscortPick:     "escort_pick",
	phCaughtUnawares: "caught_unawares",
	phaseOver:        "over",
}
