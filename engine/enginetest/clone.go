package enginetest

import (
	"cmp"
	"fmt"
	"reflect"
	"slices"
	"testing"
	"unsafe"
)

// CloneSpec says what a state's copy (engine.Cloner) does with the fields
// that it does not copy deep, each named "package.Type.field" (as Go
// writes the struct type, then the field: "hunters.State.pack"). Every
// other field, exported or not, at any depth, must be copied so that the
// copy shares no memory with the original.
type CloneSpec struct {
	// Shared are the fields a copy shares by design: what no state ever
	// writes (the rules, a chart pack, the rules' caches).
	Shared []string
	// Fresh are the fields a copy starts without (zero): working memory, a
	// decision in progress, caches rebuilt on demand. A state decoded from
	// the original's encoding starts without them too.
	Fresh []string
	// Unfilled are fields the filler leaves zero, inside Fresh ones too:
	// switches that make the copy read the rules (The Hunters' outcome
	// words still to write), which the filled nonsense cannot feed. Their
	// own tests hold them.
	Unfilled []string
}

// CheckClone holds a state type's copy to its every field, so that a field
// added later and not copied fails here rather than sharing in silence: it
// fills a value of S by reflection (every field at every depth non-zero,
// unexported ones too; slices, maps and pointers made and filled), copies
// it with clone and checks that
//
//   - the copy equals the original but for spec's Fresh fields, which are
//     zero, and its Shared ones, which are the original's own;
//   - no slice's array, map or pointed-to value of the copy is the
//     original's (or part of one), spare capacity included, nor another's
//     of the copy (an append to one would write the other);
//   - changing every value reachable from the copy (slices' elements, map
//     entries, pointed-to values, spare capacity) leaves the original as it
//     was.
//
// It calls nothing on the filled values but clone, whose values need not
// make sense to the rules.
func CheckClone[S any](t *testing.T, clone func(*S) *S, spec CloneSpec) {
	t.Helper()
	if fault := cloneFault(clone, spec); fault != "" {
		t.Fatal(fault)
	}
}

// cloneFault is CheckClone's finding, "" when the copy is sound.
func cloneFault[S any](clone func(*S) *S, spec CloneSpec) string {
	sc := &cloneSpec{shared: spec.Shared, fresh: spec.Fresh, unfilled: spec.Unfilled}
	orig, snap := new(S), new(S)
	(&filler{spec: sc}).fill(reflect.ValueOf(orig).Elem(), 0)
	(&filler{spec: sc}).fill(reflect.ValueOf(snap).Elem(), 0)
	root := reflect.TypeFor[S]().String()
	if !reflect.DeepEqual(orig, snap) {
		return root + ": the filler is not deterministic"
	}
	c := clone(orig)
	if c == orig {
		return root + ": the clone is the original"
	}
	if d := diff(reflect.ValueOf(snap).Elem(), reflect.ValueOf(orig).Elem(), root, nil); d != "" {
		return "cloning changed the original: " + d
	}
	if d := diff(reflect.ValueOf(orig).Elem(), reflect.ValueOf(c).Elem(), root, sc); d != "" {
		return "the clone differs from the original: " + d
	}
	var mem memory
	mem.walk(reflect.ValueOf(orig), root, sc)
	if p := mem.overlaps(reflect.ValueOf(c), root, sc); p != "" {
		return "the clone shares the original's memory at " + p + ": copy it (or name it in CloneSpec.Shared if no state ever writes it)"
	}
	var own memory
	own.walk(reflect.ValueOf(c), root, sc)
	if p := own.selfOverlap(); p != "" {
		return "the clone's own lists overlap, so that an append to one writes another: " + p
	}
	mutate(reflect.ValueOf(c).Elem(), sc)
	if d := diff(reflect.ValueOf(snap).Elem(), reflect.ValueOf(orig).Elem(), root, nil); d != "" {
		return "changing the clone changed the original: " + d
	}
	return ""
}

type cloneSpec struct{ shared, fresh, unfilled []string }

func (s *cloneSpec) isShared(owner reflect.Type, f reflect.StructField) bool {
	return s != nil && slices.Contains(s.shared, owner.String()+"."+f.Name)
}

func (s *cloneSpec) isUnfilled(owner reflect.Type, f reflect.StructField) bool {
	return s != nil && slices.Contains(s.unfilled, owner.String()+"."+f.Name)
}

func (s *cloneSpec) isFresh(owner reflect.Type, f reflect.StructField) bool {
	return s != nil && slices.Contains(s.fresh, owner.String()+"."+f.Name)
}

// field is a struct's field i, settable even when unexported.
func field(v reflect.Value, i int) reflect.Value {
	f := v.Field(i)
	if f.CanSet() || !f.CanAddr() {
		return f
	}
	return reflect.NewAt(f.Type(), unsafe.Pointer(f.UnsafeAddr())).Elem()
}

// maxFill bounds the depth of slices, maps and pointers the filler makes
// (a type that holds itself, as an engagement answering another, ends).
const maxFill = 6

type filler struct {
	spec *cloneSpec
	n    int
}

func (fl *filler) next() int { fl.n++; return fl.n%97 + 1 }

func (fl *filler) fill(v reflect.Value, depth int) {
	switch v.Kind() {
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(int64(fl.next()))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		v.SetUint(uint64(fl.next()))
	case reflect.Float32, reflect.Float64:
		v.SetFloat(float64(fl.next()) + 0.5)
	case reflect.String:
		v.SetString(fmt.Sprintf("s%d", fl.n))
		fl.n++
	case reflect.Array:
		for i := 0; i < v.Len(); i++ {
			fl.fill(v.Index(i), depth)
		}
	case reflect.Slice:
		if depth >= maxFill {
			return
		}
		// Two elements with room for a third: spare capacity a clone must
		// not share either.
		s := reflect.MakeSlice(v.Type(), 2, 3)
		for i := 0; i < s.Len(); i++ {
			fl.fill(s.Index(i), depth+1)
		}
		v.Set(s)
	case reflect.Map:
		if depth >= maxFill {
			return
		}
		m := reflect.MakeMap(v.Type())
		for range 2 {
			k := reflect.New(v.Type().Key()).Elem()
			fl.fill(k, depth+1)
			e := reflect.New(v.Type().Elem()).Elem()
			fl.fill(e, depth+1)
			m.SetMapIndex(k, e)
		}
		v.Set(m)
	case reflect.Pointer:
		if depth >= maxFill {
			return
		}
		p := reflect.New(v.Type().Elem())
		fl.fill(p.Elem(), depth+1)
		v.Set(p)
	case reflect.Struct:
		ty := v.Type()
		for i := 0; i < v.NumField(); i++ {
			f := field(v, i)
			if fl.spec.isShared(ty, ty.Field(i)) {
				if f.Kind() == reflect.Pointer {
					f.Set(reflect.New(f.Type().Elem())) // a value of its own, that the clone must share
				}
				continue
			}
			if fl.spec.isUnfilled(ty, ty.Field(i)) {
				continue
			}
			fl.fill(f, depth)
		}
	}
	// Interfaces, funcs and channels stay nil: a state's are its working
	// memory (dice of a decision in progress), which spec names Fresh.
}

// diff is the first place a and b differ, "" if none. With a spec, b is a
// clone of a: its Fresh fields must be zero and its Shared ones a's own.
func diff(a, b reflect.Value, path string, sc *cloneSpec) string {
	switch a.Kind() {
	case reflect.Pointer:
		if a.IsNil() != b.IsNil() {
			return path + ": nil in one, not in the other"
		}
		if a.IsNil() {
			return ""
		}
		return diff(a.Elem(), b.Elem(), path, sc)
	case reflect.Slice:
		if a.IsNil() != b.IsNil() {
			return path + ": nil in one, not in the other"
		}
		if a.Len() != b.Len() {
			return fmt.Sprintf("%s: %d elements against %d", path, a.Len(), b.Len())
		}
		for i := 0; i < a.Len(); i++ {
			if d := diff(a.Index(i), b.Index(i), fmt.Sprintf("%s[%d]", path, i), sc); d != "" {
				return d
			}
		}
		return ""
	case reflect.Array:
		for i := 0; i < a.Len(); i++ {
			if d := diff(a.Index(i), b.Index(i), fmt.Sprintf("%s[%d]", path, i), sc); d != "" {
				return d
			}
		}
		return ""
	case reflect.Map:
		if a.IsNil() != b.IsNil() {
			return path + ": nil in one, not in the other"
		}
		if a.Len() != b.Len() {
			return fmt.Sprintf("%s: %d entries against %d", path, a.Len(), b.Len())
		}
		for _, k := range a.MapKeys() {
			bv := b.MapIndex(k)
			if !bv.IsValid() {
				return fmt.Sprintf("%s[%v]: missing", path, k)
			}
			if d := diff(a.MapIndex(k), bv, fmt.Sprintf("%s[%v]", path, k), sc); d != "" {
				return d
			}
		}
		return ""
	case reflect.Struct:
		ty := a.Type()
		for i := 0; i < a.NumField(); i++ {
			fa, fb := field(a, i), field(b, i)
			p := path + "." + ty.Field(i).Name
			switch {
			case sc.isFresh(ty, ty.Field(i)):
				if !fb.IsZero() {
					return p + ": a fresh field (CloneSpec.Fresh) the clone did not leave zero"
				}
			case sc.isShared(ty, ty.Field(i)):
				if fa.Kind() == reflect.Pointer && fa.Pointer() != fb.Pointer() {
					return p + ": a shared field (CloneSpec.Shared) the clone does not share"
				}
			default:
				if d := diff(fa, fb, p, sc); d != "" {
					return d
				}
			}
		}
		return ""
	case reflect.Interface, reflect.Func, reflect.Chan, reflect.UnsafePointer:
		if a.IsNil() != b.IsNil() {
			return path + ": nil in one, not in the other"
		}
		return ""
	}
	var same bool
	switch a.Kind() {
	case reflect.Bool:
		same = a.Bool() == b.Bool()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		same = a.Int() == b.Int()
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		same = a.Uint() == b.Uint()
	case reflect.Float32, reflect.Float64:
		same = a.Float() == b.Float()
	case reflect.Complex64, reflect.Complex128:
		same = a.Complex() == b.Complex()
	case reflect.String:
		same = a.String() == b.String()
	}
	if !same {
		return fmt.Sprintf("%s: %v against %v", path, a, b)
	}
	return ""
}

// memory is the places a value's references reach: each slice's whole
// array (to its capacity), each map, each pointed-to value.
type memory struct {
	spans []span
}

type span struct {
	from, to uintptr // [from, to)
	path     string
}

func (m *memory) walk(v reflect.Value, path string, sc *cloneSpec) {
	m.visit(v, path, sc, func(s span) string { m.spans = append(m.spans, s); return "" })
}

// overlaps is the first place of v whose memory is among m's, "" if none.
func (m *memory) overlaps(v reflect.Value, path string, sc *cloneSpec) string {
	return m.visit(v, path, sc, func(s span) string {
		for _, o := range m.spans {
			if s.from < o.to && o.from < s.to {
				return fmt.Sprintf("%s (the original's %s)", s.path, o.path)
			}
		}
		return ""
	})
}

// selfOverlap names two of m's places that share memory, "" if none (the
// filler makes every slice, map and pointer its own).
func (m *memory) selfOverlap() string {
	spans := slices.Clone(m.spans)
	slices.SortFunc(spans, func(a, b span) int { return cmp.Compare(a.from, b.from) })
	for i := 1; i < len(spans); i++ {
		if spans[i].from < spans[i-1].to {
			return spans[i-1].path + " and " + spans[i].path
		}
	}
	return ""
}

// visit calls see with the memory of every reference reachable from v,
// leaving out spec's Shared and Fresh fields; it stops at the first
// non-empty answer.
func (m *memory) visit(v reflect.Value, path string, sc *cloneSpec, see func(span) string) string {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			return ""
		}
		size := v.Type().Elem().Size()
		if size == 0 {
			return ""
		}
		if r := see(span{v.Pointer(), v.Pointer() + size, path}); r != "" {
			return r
		}
		return m.visit(v.Elem(), path, sc, see)
	case reflect.Slice:
		size := uintptr(v.Cap()) * v.Type().Elem().Size()
		if size == 0 {
			return ""
		}
		if r := see(span{v.Pointer(), v.Pointer() + size, path}); r != "" {
			return r
		}
		for i := 0; i < v.Len(); i++ {
			if r := m.visit(v.Index(i), fmt.Sprintf("%s[%d]", path, i), sc, see); r != "" {
				return r
			}
		}
	case reflect.Map:
		if v.IsNil() {
			return ""
		}
		if r := see(span{v.Pointer(), v.Pointer() + 1, path}); r != "" {
			return r
		}
		for _, k := range v.MapKeys() {
			if r := m.visit(v.MapIndex(k), fmt.Sprintf("%s[%v]", path, k), sc, see); r != "" {
				return r
			}
		}
	case reflect.Array:
		for i := 0; i < v.Len(); i++ {
			if r := m.visit(v.Index(i), fmt.Sprintf("%s[%d]", path, i), sc, see); r != "" {
				return r
			}
		}
	case reflect.Struct:
		ty := v.Type()
		for i := 0; i < v.NumField(); i++ {
			f := ty.Field(i)
			if sc.isShared(ty, f) || sc.isFresh(ty, f) {
				continue
			}
			if r := m.visit(field(v, i), path+"."+f.Name, sc, see); r != "" {
				return r
			}
		}
	}
	return ""
}

// mutate changes every value reachable from v: scalars, slices' elements
// and their spare capacity, map entries (and a new one), pointed-to values;
// not spec's Shared fields, which are the original's by design.
func mutate(v reflect.Value, sc *cloneSpec) {
	switch v.Kind() {
	case reflect.Bool:
		v.SetBool(!v.Bool())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(v.Int() + 1)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		v.SetUint(v.Uint() + 1)
	case reflect.Float32, reflect.Float64:
		v.SetFloat(v.Float() + 1)
	case reflect.String:
		v.SetString(v.String() + "'")
	case reflect.Pointer:
		if !v.IsNil() {
			mutate(v.Elem(), sc)
		}
	case reflect.Slice:
		full := v.Slice3(0, v.Cap(), v.Cap())
		for i := 0; i < full.Len(); i++ {
			mutate(full.Index(i), sc)
		}
	case reflect.Array:
		for i := 0; i < v.Len(); i++ {
			mutate(v.Index(i), sc)
		}
	case reflect.Map:
		if v.IsNil() {
			return
		}
		for _, k := range v.MapKeys() {
			e := reflect.New(v.Type().Elem()).Elem()
			e.Set(v.MapIndex(k))
			mutate(e, sc)
			v.SetMapIndex(k, e)
		}
		k := reflect.New(v.Type().Key()).Elem()
		(&filler{n: 5000}).fill(k, maxFill)
		if !v.MapIndex(k).IsValid() {
			v.SetMapIndex(k, reflect.New(v.Type().Elem()).Elem())
		}
	case reflect.Struct:
		ty := v.Type()
		for i := 0; i < v.NumField(); i++ {
			if sc.isShared(ty, ty.Field(i)) {
				continue
			}
			mutate(field(v, i), sc)
		}
	}
}
