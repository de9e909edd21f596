// Package jssort orders slices exactly as V8's Array.prototype.sort
// (Node.js, Chrome) orders arrays: it is V8's TimSort (third_party/v8/
// builtins/array-sort.tq, itself a port of CPython's listsort), step for
// step. A stable sort gives the same order only for a consistent
// comparator; the reference tool's comparators are not always consistent
// (one never returns 0, another is not transitive), and then only the same
// algorithm, making the same comparisons in the same sequence, gives the
// same order.
package jssort

// Sort sorts a in place as V8's Array.prototype.sort sorts an array with
// the comparator cmp (negative: a before b). With a consistent comparator
// the order is that of a stable sort; with an inconsistent one (a
// comparator that never returns 0, or one that is not transitive) it is
// still exactly V8's, since every comparison is made in V8's sequence.
func Sort[T any](a []T, cmp func(a, b T) int) {
	s := &timSort[T]{a: a, cmp: cmp, minGallop: minGallopWins}
	s.sort()
}

const minGallopWins = 7

type timRun struct{ base, length int }

// timSort is V8's array-sort algorithm (a port of CPython's listsort),
// step for step, so that inconsistent comparators behave the same.
type timSort[T any] struct {
	a         []T
	cmp       func(a, b T) int
	minGallop int
	runs      []timRun
}

func (s *timSort[T]) sort() {
	n := len(s.a)
	if n < 2 {
		return
	}
	minRun := minRunLength(n)
	low, remaining := 0, n
	for remaining != 0 {
		runLen := s.countAndMakeRun(low, low+remaining)
		if runLen < minRun {
			forced := min(minRun, remaining)
			s.binaryInsertionSort(low, low+runLen, low+forced)
			runLen = forced
		}
		s.runs = append(s.runs, timRun{low, runLen})
		s.mergeCollapse()
		low += runLen
		remaining -= runLen
	}
	s.mergeForceCollapse()
}

func minRunLength(n int) int {
	r := 0
	for n >= 64 {
		r |= n & 1
		n >>= 1
	}
	return n + r
}

func (s *timSort[T]) binaryInsertionSort(low, start, high int) {
	if low == start {
		start++
	}
	for ; start < high; start++ {
		left, right := low, start
		pivot := s.a[start]
		for left < right {
			mid := left + (right-left)>>1
			if s.cmp(pivot, s.a[mid]) < 0 {
				right = mid
			} else {
				left = mid + 1
			}
		}
		copy(s.a[left+1:start+1], s.a[left:start])
		s.a[left] = pivot
	}
}

func (s *timSort[T]) countAndMakeRun(lowArg, high int) int {
	low := lowArg + 1
	if low == high {
		return 1
	}
	runLen := 2
	descending := s.cmp(s.a[low], s.a[low-1]) < 0
	prev := s.a[low]
	for i := low + 1; i < high; i++ {
		order := s.cmp(s.a[i], prev)
		if descending {
			if order >= 0 {
				break
			}
		} else if order < 0 {
			break
		}
		prev = s.a[i]
		runLen++
	}
	if descending {
		for l, h := lowArg, lowArg+runLen-1; l < h; l, h = l+1, h-1 {
			s.a[l], s.a[h] = s.a[h], s.a[l]
		}
	}
	return runLen
}

func (s *timSort[T]) runInvariantEstablished(n int) bool {
	if n < 2 {
		return true
	}
	return s.runs[n-2].length > s.runs[n-1].length+s.runs[n].length
}

func (s *timSort[T]) mergeCollapse() {
	for len(s.runs) > 1 {
		n := len(s.runs) - 2
		if !s.runInvariantEstablished(n+1) || !s.runInvariantEstablished(n) {
			if s.runs[n-1].length < s.runs[n+1].length {
				n--
			}
			s.mergeAt(n)
		} else if s.runs[n].length <= s.runs[n+1].length {
			s.mergeAt(n)
		} else {
			break
		}
	}
}

func (s *timSort[T]) mergeForceCollapse() {
	for len(s.runs) > 1 {
		n := len(s.runs) - 2
		if n > 0 && s.runs[n-1].length < s.runs[n+1].length {
			n--
		}
		s.mergeAt(n)
	}
}

func (s *timSort[T]) mergeAt(i int) {
	baseA, lenA := s.runs[i].base, s.runs[i].length
	baseB, lenB := s.runs[i+1].base, s.runs[i+1].length
	s.runs[i].length = lenA + lenB
	if i == len(s.runs)-3 {
		s.runs[i+1] = s.runs[i+2]
	}
	s.runs = s.runs[:len(s.runs)-1]

	k := s.gallopRight(s.a, s.a[baseB], baseA, lenA, 0)
	baseA += k
	lenA -= k
	if lenA == 0 {
		return
	}
	lenB = s.gallopLeft(s.a, s.a[baseA+lenA-1], baseB, lenB, lenB-1)
	if lenB == 0 {
		return
	}
	if lenA <= lenB {
		s.mergeLow(baseA, lenA, baseB, lenB)
	} else {
		s.mergeHigh(baseA, lenA, baseB, lenB)
	}
}

// gallopLeft returns where key belongs in arr[base:base+length], left of
// any equal elements.
func (s *timSort[T]) gallopLeft(arr []T, key T, base, length, hint int) int {
	lastOfs, ofs := 0, 1
	if s.cmp(arr[base+hint], key) < 0 {
		maxOfs := length - hint
		for ofs < maxOfs {
			if s.cmp(arr[base+hint+ofs], key) >= 0 {
				break
			}
			lastOfs = ofs
			ofs = ofs<<1 + 1
		}
		ofs = min(ofs, maxOfs)
		lastOfs += hint
		ofs += hint
	} else {
		maxOfs := hint + 1
		for ofs < maxOfs {
			if s.cmp(arr[base+hint-ofs], key) < 0 {
				break
			}
			lastOfs = ofs
			ofs = ofs<<1 + 1
		}
		ofs = min(ofs, maxOfs)
		lastOfs, ofs = hint-ofs, hint-lastOfs
	}
	lastOfs++
	for lastOfs < ofs {
		m := lastOfs + (ofs-lastOfs)>>1
		if s.cmp(arr[base+m], key) < 0 {
			lastOfs = m + 1
		} else {
			ofs = m
		}
	}
	return ofs
}

// gallopRight is gallopLeft, but right of any equal elements.
func (s *timSort[T]) gallopRight(arr []T, key T, base, length, hint int) int {
	lastOfs, ofs := 0, 1
	if s.cmp(key, arr[base+hint]) < 0 {
		maxOfs := hint + 1
		for ofs < maxOfs {
			if s.cmp(key, arr[base+hint-ofs]) >= 0 {
				break
			}
			lastOfs = ofs
			ofs = ofs<<1 + 1
		}
		ofs = min(ofs, maxOfs)
		lastOfs, ofs = hint-ofs, hint-lastOfs
	} else {
		maxOfs := length - hint
		for ofs < maxOfs {
			if s.cmp(key, arr[base+hint+ofs]) < 0 {
				break
			}
			lastOfs = ofs
			ofs = ofs<<1 + 1
		}
		ofs = min(ofs, maxOfs)
		lastOfs += hint
		ofs += hint
	}
	lastOfs++
	for lastOfs < ofs {
		m := lastOfs + (ofs-lastOfs)>>1
		if s.cmp(key, arr[base+m]) < 0 {
			ofs = m
		} else {
			lastOfs = m + 1
		}
	}
	return ofs
}

func (s *timSort[T]) mergeLow(baseA, lenA, baseB, lenB int) {
	a := s.a
	tmp := append([]T(nil), a[baseA:baseA+lenA]...)
	dest, cTmp, cB := baseA, 0, baseB
	a[dest] = a[cB]
	dest++
	cB++
	lenB--
	if lenB == 0 {
		copy(a[dest:dest+lenA], tmp[cTmp:cTmp+lenA])
		return
	}
	if lenA == 1 {
		copy(a[dest:dest+lenB], a[cB:cB+lenB])
		a[dest+lenB] = tmp[cTmp]
		return
	}
	minGallop := s.minGallop
	for {
		winsA, winsB := 0, 0
		for {
			if s.cmp(a[cB], tmp[cTmp]) < 0 {
				a[dest] = a[cB]
				dest++
				cB++
				winsB++
				lenB--
				winsA = 0
				if lenB == 0 {
					goto succeed
				}
				if winsB >= minGallop {
					break
				}
			} else {
				a[dest] = tmp[cTmp]
				dest++
				cTmp++
				winsA++
				lenA--
				winsB = 0
				if lenA == 1 {
					goto copyB
				}
				if winsA >= minGallop {
					break
				}
			}
		}
		minGallop++
		for firstIter := true; firstIter || winsA >= minGallopWins || winsB >= minGallopWins; firstIter = false {
			minGallop = max(1, minGallop-1)
			s.minGallop = minGallop
			winsA = s.gallopRight(tmp, a[cB], cTmp, lenA, 0)
			if winsA > 0 {
				copy(a[dest:dest+winsA], tmp[cTmp:cTmp+winsA])
				dest += winsA
				cTmp += winsA
				lenA -= winsA
				if lenA == 1 {
					goto copyB
				}
				if lenA == 0 {
					goto succeed
				}
			}
			a[dest] = a[cB]
			dest++
			cB++
			lenB--
			if lenB == 0 {
				goto succeed
			}
			winsB = s.gallopLeft(a, tmp[cTmp], cB, lenB, 0)
			if winsB > 0 {
				copy(a[dest:dest+winsB], a[cB:cB+winsB])
				dest += winsB
				cB += winsB
				lenB -= winsB
				if lenB == 0 {
					goto succeed
				}
			}
			a[dest] = tmp[cTmp]
			dest++
			cTmp++
			lenA--
			if lenA == 1 {
				goto copyB
			}
		}
		minGallop++
		s.minGallop = minGallop
	}
succeed:
	if lenA > 0 {
		copy(a[dest:dest+lenA], tmp[cTmp:cTmp+lenA])
	}
	return
copyB:
	copy(a[dest:dest+lenB], a[cB:cB+lenB])
	a[dest+lenB] = tmp[cTmp]
}

func (s *timSort[T]) mergeHigh(baseA, lenA, baseB, lenB int) {
	a := s.a
	tmp := append([]T(nil), a[baseB:baseB+lenB]...)
	dest, cTmp, cA := baseB+lenB-1, lenB-1, baseA+lenA-1
	a[dest] = a[cA]
	dest--
	cA--
	lenA--
	if lenA == 0 {
		copy(a[dest-(lenB-1):dest+1], tmp[:lenB])
		return
	}
	if lenB == 1 {
		dest -= lenA
		cA -= lenA
		copy(a[dest+1:dest+1+lenA], a[cA+1:cA+1+lenA])
		a[dest] = tmp[cTmp]
		return
	}
	minGallop := s.minGallop
	for {
		winsA, winsB := 0, 0
		for {
			if s.cmp(tmp[cTmp], a[cA]) < 0 {
				a[dest] = a[cA]
				dest--
				cA--
				winsA++
				lenA--
				winsB = 0
				if lenA == 0 {
					goto succeed
				}
				if winsA >= minGallop {
					break
				}
			} else {
				a[dest] = tmp[cTmp]
				dest--
				cTmp--
				winsB++
				lenB--
				winsA = 0
				if lenB == 1 {
					goto copyA
				}
				if winsB >= minGallop {
					break
				}
			}
		}
		minGallop++
		for firstIter := true; firstIter || winsA >= minGallopWins || winsB >= minGallopWins; firstIter = false {
			minGallop = max(1, minGallop-1)
			s.minGallop = minGallop
			k := s.gallopRight(a, tmp[cTmp], baseA, lenA, lenA-1)
			winsA = lenA - k
			if winsA > 0 {
				dest -= winsA
				cA -= winsA
				copy(a[dest+1:dest+1+winsA], a[cA+1:cA+1+winsA])
				lenA -= winsA
				if lenA == 0 {
					goto succeed
				}
			}
			a[dest] = tmp[cTmp]
			dest--
			cTmp--
			lenB--
			if lenB == 1 {
				goto copyA
			}
			k = s.gallopLeft(tmp, a[cA], 0, lenB, lenB-1)
			winsB = lenB - k
			if winsB > 0 {
				dest -= winsB
				cTmp -= winsB
				copy(a[dest+1:dest+1+winsB], tmp[cTmp+1:cTmp+1+winsB])
				lenB -= winsB
				if lenB == 1 {
					goto copyA
				}
				if lenB == 0 {
					goto succeed
				}
			}
			a[dest] = a[cA]
			dest--
			cA--
			lenA--
			if lenA == 0 {
				goto succeed
			}
		}
		minGallop++
		s.minGallop = minGallop
	}
succeed:
	if lenB > 0 {
		copy(a[dest-(lenB-1):dest+1], tmp[:lenB])
	}
	return
copyA:
	dest -= lenA
	cA -= lenA
	copy(a[dest+1:dest+1+lenA], a[cA+1:cA+1+lenA])
	a[dest] = tmp[cTmp]
}
