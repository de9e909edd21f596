package goja

import (
	"iter"

	"github.com/tokengen/tokengen/internal/goja/unistring"
)

// smallPropertyTableMax is the number of named properties an object keeps
// in a slice searched in order before its table becomes a map. Most objects
// scripts make (tokens, their attributes, the entries formats build) have
// fewer; for them one small slice is far less memory than a Go map (a
// header and a group of eight slots at least) and as fast to search, and
// reading a property touches one or two cache lines instead of a map's.
const smallPropertyTableMax = 8

// propertyTable is an object's named properties by name (a tokengen patch,
// see README.md; upstream uses a Go map for every object): a slice of
// entries while there are few, a map past smallPropertyTableMax. The order
// of the entries means nothing (propNames keeps the properties' order). A
// name may be present with a nil value: templated objects mark a deleted
// built-in so ("white hole").
type propertyTable struct {
	small []propertyEntry
	large map[unistring.String]Value
}

type propertyEntry struct {
	name  unistring.String
	value Value
}

// get is the value of name, nil when absent.
func (t *propertyTable) get(name unistring.String) Value {
	if t.large != nil {
		return t.large[name]
	}
	for i := range t.small {
		if t.small[i].name == name {
			return t.small[i].value
		}
	}
	return nil
}

// lookup is the value of name and whether it is present.
func (t *propertyTable) lookup(name unistring.String) (Value, bool) {
	if t.large != nil {
		v, ok := t.large[name]
		return v, ok
	}
	for i := range t.small {
		if t.small[i].name == name {
			return t.small[i].value, true
		}
	}
	return nil, false
}

// set writes name's entry and reports whether it is a new one.
func (t *propertyTable) set(name unistring.String, v Value) (added bool) {
	if t.large != nil {
		n := len(t.large)
		t.large[name] = v
		return len(t.large) != n
	}
	for i := range t.small {
		if t.small[i].name == name {
			t.small[i].value = v
			return false
		}
	}
	t.appendNew(name, v)
	return true
}

// getNear is get for a name likely to be the i-th entry written, as when
// walking an object's propNames in order: the slice's entries keep that
// order until a property is deleted.
func (t *propertyTable) getNear(name unistring.String, i int) Value {
	if t.large == nil && i < len(t.small) && t.small[i].name == name {
		return t.small[i].value
	}
	return t.get(name)
}

// appendNew adds an entry for a name the table does not have.
func (t *propertyTable) appendNew(name unistring.String, v Value) {
	if t.large != nil {
		t.large[name] = v
		return
	}
	if len(t.small) >= smallPropertyTableMax {
		t.large = make(map[unistring.String]Value, 2*smallPropertyTableMax)
		for _, e := range t.small {
			t.large[e.name] = e.value
		}
		t.small = nil
		t.large[name] = v
		return
	}
	if t.small == nil {
		t.small = make([]propertyEntry, 0, 4)
	}
	t.small = append(t.small, propertyEntry{name, v})
}

func (t *propertyTable) delete(name unistring.String) {
	if t.large != nil {
		delete(t.large, name)
		return
	}
	for i := range t.small {
		if t.small[i].name == name {
			last := len(t.small) - 1
			t.small[i] = t.small[last]
			t.small[last] = propertyEntry{}
			t.small = t.small[:last]
			return
		}
	}
}

func (t *propertyTable) len() int {
	if t.large != nil {
		return len(t.large)
	}
	return len(t.small)
}

// reserve makes room for n properties in an empty table.
func (t *propertyTable) reserve(n int) {
	if n > smallPropertyTableMax {
		t.large = make(map[unistring.String]Value, n)
		t.small = nil
	} else if n > 0 {
		t.small = make([]propertyEntry, 0, n)
		t.large = nil
	}
}

// reset empties the table.
func (t *propertyTable) reset() {
	t.small, t.large = nil, nil
}

// all lists the entries, in no particular order.
func (t *propertyTable) all() iter.Seq2[unistring.String, Value] {
	return func(yield func(unistring.String, Value) bool) {
		if t.large != nil {
			for name, v := range t.large {
				if !yield(name, v) {
					return
				}
			}
			return
		}
		for _, e := range t.small {
			if !yield(e.name, e.value) {
				return
			}
		}
	}
}
