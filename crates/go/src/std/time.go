package time

// Package time for the GMP Explorer: Durations, Times (a wall clock reading with an
// optional monotonic reading and a Location), fixed-offset Locations (UTC, Local,
// FixedZone; there is no time zone database), calendar arithmetic, Format and Parse
// with Go's layouts, ParseDuration, the text/binary encodings of a Time, and timers
// and tickers (built as goroutines).

import "errors"

// ---------------------------------------------------------------------------
// Durations

type Duration int64

const (
	Nanosecond  Duration = 1
	Microsecond          = 1000 * Nanosecond
	Millisecond          = 1000 * Microsecond
	Second               = 1000 * Millisecond
	Minute               = 60 * Second
	Hour                 = 60 * Minute
)

const (
	minDuration Duration = -1 << 63
	maxDuration Duration = 1<<63 - 1
)

func Sleep(d Duration)

func (d Duration) String() string { return durationString(d) }

func durationString(d Duration) string

func (d Duration) Nanoseconds() int64  { return int64(d) }
func (d Duration) Microseconds() int64 { return int64(d) / 1000 }
func (d Duration) Milliseconds() int64 { return int64(d) / 1000000 }

// Seconds returns d as a floating-point number of seconds.
func (d Duration) Seconds() float64 { return splitFloat(d, Second) }

// Minutes returns d as a floating-point number of minutes.
func (d Duration) Minutes() float64 { return splitFloat(d, Minute) }

// Hours returns d as a floating-point number of hours.
func (d Duration) Hours() float64 { return splitFloat(d, Hour) }

// splitFloat divides d by unit in floating point, keeping the whole units exact.
func splitFloat(d, unit Duration) float64 {
	whole := d / unit
	part := d % unit
	return float64(whole) + float64(part)/float64(unit)
}

// Truncate rounds d toward zero to a multiple of m (d itself when m <= 0).
func (d Duration) Truncate(m Duration) Duration {
	if m <= 0 {
		return d
	}
	return d - d%m
}

// Round rounds d to the nearest multiple of m, halfway values away from zero,
// saturating at the largest or smallest Duration.
func (d Duration) Round(m Duration) Duration {
	if m <= 0 {
		return d
	}
	r := d % m
	if d >= 0 {
		if r < m-r {
			return d - r
		}
		up := d + (m - r)
		if up < d {
			return maxDuration
		}
		return up
	}
	r = -r
	if r < m-r {
		return d + r
	}
	down := d - (m - r)
	if down > d {
		return minDuration
	}
	return down
}

// Abs returns the absolute value of d; the smallest Duration becomes the largest.
func (d Duration) Abs() Duration {
	if d >= 0 {
		return d
	}
	if d == minDuration {
		return maxDuration
	}
	return -d
}

// ---------------------------------------------------------------------------
// Months and weekdays

type Month int

const (
	January Month = 1 + iota
	February
	March
	April
	May
	June
	July
	August
	September
	October
	November
	December
)

var monthNames = []string{"January", "February", "March", "April", "May", "June",
	"July", "August", "September", "October", "November", "December"}

func (m Month) String() string {
	if m >= January && m <= December {
		return monthNames[m-1]
	}
	return "%!Month(" + string(appendUint(nil, uint64(m), 0)) + ")"
}

type Weekday int

const (
	Sunday Weekday = iota
	Monday
	Tuesday
	Wednesday
	Thursday
	Friday
	Saturday
)

var dayNames = []string{"Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"}

func (d Weekday) String() string {
	if d >= Sunday && d <= Saturday {
		return dayNames[d]
	}
	return "%!Weekday(" + string(appendUint(nil, uint64(d), 0)) + ")"
}

// ---------------------------------------------------------------------------
// Locations. The explorer has no time zone database: every Location has one
// fixed offset. Local is UTC (as Go's is when /etc/localtime is UTC).

// A Location is a time zone: here always a name, a zone abbreviation and a
// fixed offset in seconds east of UTC.
type Location struct {
	name   string
	abbr   string
	offset int
}

var utcLoc = Location{name: "UTC", abbr: "UTC"}
var localLoc = Location{name: "Local", abbr: "UTC"}

// UTC is Coordinated Universal Time.
var UTC *Location = &utcLoc

// Local is the explorer's local time zone, which is UTC.
var Local *Location = &localLoc

// String returns the name given to LoadLocation or FixedZone.
func (l *Location) String() string {
	if l == nil {
		return utcLoc.name
	}
	return l.name
}

// zone returns the abbreviation and offset in effect (nil means UTC).
func (l *Location) zone() (string, int) {
	if l == nil {
		return utcLoc.abbr, 0
	}
	return l.abbr, l.offset
}

// unnamed fixed zones at whole hours are shared, as Go shares them.
var hourZones = makeHourZones()

func makeHourZones() []*Location {
	zs := make([]*Location, 27)
	for i := range zs {
		zs[i] = &Location{offset: (i - 12) * 3600}
	}
	return zs
}

// FixedZone returns a Location that always has the given zone name and offset
// (seconds east of UTC).
func FixedZone(name string, offset int) *Location {
	if name == "" && offset%3600 == 0 && offset >= -12*3600 && offset <= 14*3600 {
		return hourZones[offset/3600+12]
	}
	return &Location{name: name, abbr: name, offset: offset}
}

// LoadLocation returns UTC for "" and "UTC" and Local for "Local"; the explorer
// has no time zone database for other names.
func LoadLocation(name string) (*Location, error) {
	if name == "" || name == "UTC" {
		return UTC, nil
	}
	if name == "Local" {
		return Local, nil
	}
	panic("time.LoadLocation is not supported by the explorer: it has no time zone database")
}

// LoadLocationFromTZData needs a time zone file reader, which the explorer lacks.
func LoadLocationFromTZData(name string, data []byte) (*Location, error) {
	panic("time.LoadLocationFromTZData is not supported by the explorer")
}

// ---------------------------------------------------------------------------
// Time

// A Time is an instant with nanosecond precision: seconds since January 1 of
// year 1, 00:00:00 UTC (the zero Time), plus an optional reading of the
// monotonic clock, plus the Location used to present it (nil means UTC).
type Time struct {
	sec     int64
	nsec    int32
	hasMono bool
	mono    int64
	loc     *Location
}

const (
	secondsPerDay = 86400
	// seconds from 0001-01-01 to 1970-01-01
	unixToAbs int64 = 62135596800
)

// walltime reads the wall clock: Unix seconds and nanoseconds.
func walltime() (sec int64, nsec int32)

// runtimeNano reads the monotonic clock: ns since the run started.
func runtimeNano() int64

// Now returns the current local time, with a monotonic clock reading.
func Now() Time {
	s, ns := walltime()
	m := runtimeNano()
	return Time{sec: s + unixToAbs, nsec: ns, hasMono: true, mono: m, loc: Local}
}

func (t *Time) setLoc(l *Location) {
	if l == &utcLoc {
		l = nil
	}
	t.loc = l
}

func (t *Time) stripMono() {
	t.hasMono = false
	t.mono = 0
}

// floorDiv returns the quotient and remainder of a/b rounded toward minus infinity (b > 0).
func floorDiv(a, b int64) (int64, int64) {
	q := a / b
	r := a % b
	if r < 0 {
		q--
		r += b
	}
	return q, r
}

func isLeap(year int) bool {
	return year%4 == 0 && (year%100 != 0 || year%400 == 0)
}

// cumulative days before each month in a common year
var monthStart = [13]int{0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334, 365}

// daysIn returns the number of days of month m of year.
func daysIn(m Month, year int) int {
	if m == February {
		if isLeap(year) {
			return 29
		}
		return 28
	}
	return monthStart[m] - monthStart[m-1]
}

// daysFromYearOne returns the days from 0001-01-01 to year-01-01.
func daysFromYearOne(year int64) int64 {
	p := year - 1
	q4, _ := floorDiv(p, 4)
	q100, _ := floorDiv(p, 100)
	q400, _ := floorDiv(p, 400)
	return 365*p + q4 - q100 + q400
}

// yearOf splits a day count since 0001-01-01 into a year and the 0-based day in it.
func yearOf(days int64) (year int, yday int) {
	cycles, r := floorDiv(days, 146097)
	cent := r / 36524
	if cent == 4 {
		cent = 3
	}
	r -= cent * 36524
	quad := r / 1461
	r -= quad * 1461
	y := r / 365
	if y == 4 {
		y = 3
	}
	r -= y * 365
	return int(1 + 400*cycles + 100*cent + 4*quad + y), int(r)
}

// monthDay turns a 0-based day of the year into a month and a day of the month.
func monthDay(year, yday int) (Month, int) {
	leap := 0
	if isLeap(year) {
		leap = 1
	}
	for m := 1; m <= 12; m++ {
		end := monthStart[m]
		if m >= 2 {
			end += leap
		}
		if yday < end {
			start := monthStart[m-1]
			if m > 2 {
				start += leap
			}
			return Month(m), yday - start + 1
		}
	}
	return December, 31
}

// calendar is a broken-down presentation of a Time in its Location.
type calendar struct {
	year  int
	month Month
	day   int
	yday  int // 1-based
	wday  Weekday
	hour  int
	min   int
	sec   int
}

// localSec returns the seconds since year 1 of the wall clock in t's Location.
func (t Time) localSec() int64 {
	_, off := t.loc.zone()
	return t.sec + int64(off)
}

func (t Time) calendar() calendar {
	var c calendar
	days, sod := floorDiv(t.localSec(), secondsPerDay)
	y, yd := yearOf(days)
	c.year = y
	c.yday = yd + 1
	c.month, c.day = monthDay(y, yd)
	_, w := floorDiv(days+1, 7)
	c.wday = Weekday(w)
	c.hour = int(sod / 3600)
	c.min = int(sod / 60 % 60)
	c.sec = int(sod % 60)
	return c
}

// Date returns the year, month and day of t.
func (t Time) Date() (year int, month Month, day int) {
	days, _ := floorDiv(t.localSec(), secondsPerDay)
	y, yd := yearOf(days)
	m, d := monthDay(y, yd)
	return y, m, d
}

func (t Time) Year() int {
	days, _ := floorDiv(t.localSec(), secondsPerDay)
	y, _ := yearOf(days)
	return y
}

func (t Time) Month() Month {
	_, m, _ := t.Date()
	return m
}

func (t Time) Day() int {
	_, _, d := t.Date()
	return d
}

// YearDay returns the day of the year, from 1 to 366.
func (t Time) YearDay() int {
	days, _ := floorDiv(t.localSec(), secondsPerDay)
	_, yd := yearOf(days)
	return yd + 1
}

func (t Time) Weekday() Weekday {
	days, _ := floorDiv(t.localSec(), secondsPerDay)
	_, w := floorDiv(days+1, 7)
	return Weekday(w)
}

// ISOWeek returns the ISO 8601 year and week number of t.
func (t Time) ISOWeek() (year, week int) {
	days, _ := floorDiv(t.localSec(), secondsPerDay)
	_, w := floorDiv(days, 7) // 0 = Monday
	thursday := days - w + 3
	y, yd := yearOf(thursday)
	return y, yd/7 + 1
}

// Clock returns the hour, minute and second of t.
func (t Time) Clock() (hour, min, sec int) {
	_, sod := floorDiv(t.localSec(), secondsPerDay)
	return int(sod / 3600), int(sod / 60 % 60), int(sod % 60)
}

func (t Time) Hour() int {
	h, _, _ := t.Clock()
	return h
}

func (t Time) Minute() int {
	_, m, _ := t.Clock()
	return m
}

func (t Time) Second() int {
	_, _, s := t.Clock()
	return s
}

func (t Time) Nanosecond() int { return int(t.nsec) }

// IsZero reports whether t is January 1, year 1, 00:00:00 UTC.
func (t Time) IsZero() bool { return t.sec == 0 && t.nsec == 0 }

// Compare returns -1, 0 or +1 as t is before, equal to or after u.
func (t Time) Compare(u Time) int {
	if t.hasMono && u.hasMono {
		if t.mono < u.mono {
			return -1
		}
		if t.mono > u.mono {
			return 1
		}
		return 0
	}
	if t.sec < u.sec || t.sec == u.sec && t.nsec < u.nsec {
		return -1
	}
	if t.sec > u.sec || t.nsec > u.nsec {
		return 1
	}
	return 0
}

func (t Time) After(u Time) bool  { return t.Compare(u) > 0 }
func (t Time) Before(u Time) bool { return t.Compare(u) < 0 }

// Equal reports whether t and u are the same instant, whatever their Locations.
func (t Time) Equal(u Time) bool { return t.Compare(u) == 0 }

// Add returns t+d (the monotonic reading moves too, when there is one).
func (t Time) Add(d Duration) Time {
	dsec := int64(d / Second)
	ns := t.nsec + int32(d%Second)
	if ns >= 1000000000 {
		dsec++
		ns -= 1000000000
	} else if ns < 0 {
		dsec--
		ns += 1000000000
	}
	t.sec += dsec
	t.nsec = ns
	if t.hasMono {
		m := t.mono + int64(d)
		if d < 0 && m > t.mono || d > 0 && m < t.mono {
			t.stripMono()
		} else {
			t.mono = m
		}
	}
	return t
}

// monoDiff returns a-b saturated to the Duration range.
func monoDiff(a, b int64) Duration {
	d := a - b
	if a > b && d < 0 {
		return maxDuration
	}
	if a < b && d > 0 {
		return minDuration
	}
	return Duration(d)
}

// Sub returns t-u, saturated to the Duration range.
func (t Time) Sub(u Time) Duration {
	if t.hasMono && u.hasMono {
		return monoDiff(t.mono, u.mono)
	}
	ds := t.sec - u.sec
	dn := int64(t.nsec) - int64(u.nsec)
	if dn < 0 {
		ds--
		dn += 1000000000
	}
	// now the result is ds seconds plus dn (>= 0) nanoseconds
	const limit = 9223372036 // whole seconds in maxDuration
	if ds > limit || ds == limit && dn > 854775807 {
		return maxDuration
	}
	if ds < -limit-1 || ds == -limit-1 && dn < 145224192 {
		return minDuration
	}
	return Duration((ds+1)*1000000000 + (dn - 1000000000))
}

// Since returns the time elapsed since t.
func Since(t Time) Duration {
	if t.hasMono {
		return monoDiff(runtimeNano(), t.mono)
	}
	return Now().Sub(t)
}

// Until returns the duration until t.
func Until(t Time) Duration {
	if t.hasMono {
		return monoDiff(t.mono, runtimeNano())
	}
	return t.Sub(Now())
}

// AddDate adds years, months and days to t's date, normalizing the result as Date does.
func (t Time) AddDate(years int, months int, days int) Time {
	c := t.calendar()
	return Date(c.year+years, c.month+Month(months), c.day+days, c.hour, c.min, c.sec, int(t.nsec), t.Location())
}

// norm moves whole multiples of base from lo into hi, leaving 0 <= lo < base.
func norm(hi, lo, base int) (int, int) {
	q, r := floorDiv(int64(lo), int64(base))
	return hi + int(q), int(r)
}

// Date returns the Time of the given wall clock in loc. Values outside their
// usual ranges are normalized (October 32 is November 1).
func Date(year int, month Month, day, hour, min, sec, nsec int, loc *Location) Time {
	if loc == nil {
		panic("time: missing Location in call to Date")
	}
	y, m := norm(year, int(month)-1, 12)
	sec, nsec = norm(sec, nsec, 1000000000)
	min, sec = norm(min, sec, 60)
	hour, min = norm(hour, min, 60)
	day, hour = norm(day, hour, 24)
	days := daysFromYearOne(int64(y)) + int64(monthStart[m]) + int64(day-1)
	if m >= 2 && isLeap(y) {
		days++
	}
	abs := days*secondsPerDay + int64(hour*3600+min*60+sec)
	_, off := loc.zone()
	t := Time{sec: abs - int64(off), nsec: int32(nsec)}
	t.setLoc(loc)
	return t
}

// Unix returns the local Time of sec seconds and nsec nanoseconds since
// January 1, 1970 UTC (nsec may be outside [0, 999999999]).
func Unix(sec int64, nsec int64) Time {
	if nsec < 0 || nsec >= 1000000000 {
		q, r := floorDiv(nsec, 1000000000)
		sec += q
		nsec = r
	}
	return Time{sec: sec + unixToAbs, nsec: int32(nsec), loc: Local}
}

// UnixMilli returns the local Time of msec milliseconds since the Unix epoch.
func UnixMilli(msec int64) Time { return Unix(msec/1000, msec%1000*1000000) }

// UnixMicro returns the local Time of usec microseconds since the Unix epoch.
func UnixMicro(usec int64) Time { return Unix(usec/1000000, usec%1000000*1000) }

func (t Time) Unix() int64      { return t.sec - unixToAbs }
func (t Time) UnixMilli() int64 { return (t.sec-unixToAbs)*1000 + int64(t.nsec)/1000000 }
func (t Time) UnixMicro() int64 { return (t.sec-unixToAbs)*1000000 + int64(t.nsec)/1000 }
func (t Time) UnixNano() int64  { return (t.sec-unixToAbs)*1000000000 + int64(t.nsec) }

// UTC returns t in UTC, without its monotonic reading.
func (t Time) UTC() Time {
	t.setLoc(UTC)
	t.stripMono()
	return t
}

// Local returns t in Local, without its monotonic reading.
func (t Time) Local() Time {
	t.setLoc(Local)
	t.stripMono()
	return t
}

// In returns t in loc, without its monotonic reading.
func (t Time) In(loc *Location) Time {
	if loc == nil {
		panic("time: missing Location in call to Time.In")
	}
	t.setLoc(loc)
	t.stripMono()
	return t
}

func (t Time) Location() *Location {
	if t.loc == nil {
		return UTC
	}
	return t.loc
}

// Zone returns the zone abbreviation and offset (seconds east of UTC) in effect at t.
func (t Time) Zone() (name string, offset int) { return t.loc.zone() }

// ZoneBounds returns the bounds of the zone in effect at t: with fixed zones
// it has neither start nor end, so both are zero Times.
func (t Time) ZoneBounds() (start, end Time) { return Time{}, Time{} }

// IsDST reports whether t is in daylight saving time: never, with fixed zones.
func (t Time) IsDST() bool { return false }

// remainder returns t (in ns since the zero Time) modulo d > 0, rounded down.
func (t Time) remainder(d Duration) Duration {
	ns := int64(t.nsec)
	dd := int64(d)
	if dd < 1000000000 && 1000000000%dd == 0 {
		return Duration(ns % dd)
	}
	if dd%1000000000 == 0 {
		_, r := floorDiv(t.sec, dd/1000000000)
		return Duration(r*1000000000 + ns)
	}
	_, s := floorDiv(t.sec, dd)
	x := mulMod(uint64(s), uint64(1000000000%dd), uint64(dd))
	return Duration((x + uint64(ns)) % uint64(dd))
}

// mulMod returns a*b mod m for a, b < m < 2^63 without overflow.
func mulMod(a, b, m uint64) uint64 {
	var r uint64
	for b > 0 {
		if b&1 == 1 {
			r = (r + a) % m
		}
		a = (a + a) % m
		b >>= 1
	}
	return r
}

// Truncate rounds t down to a multiple of d since the zero Time; it drops the
// monotonic reading.
func (t Time) Truncate(d Duration) Time {
	t.stripMono()
	if d <= 0 {
		return t
	}
	return t.Add(-t.remainder(d))
}

// Round rounds t to the nearest multiple of d since the zero Time, halfway
// values up; it drops the monotonic reading.
func (t Time) Round(d Duration) Time {
	t.stripMono()
	if d <= 0 {
		return t
	}
	r := t.remainder(d)
	if r < d-r {
		return t.Add(-r)
	}
	return t.Add(d - r)
}

// ---------------------------------------------------------------------------
// Layouts

const (
	Layout      = "01/02 03:04:05PM '06 -0700"
	ANSIC       = "Mon Jan _2 15:04:05 2006"
	UnixDate    = "Mon Jan _2 15:04:05 MST 2006"
	RubyDate    = "Mon Jan 02 15:04:05 -0700 2006"
	RFC822      = "02 Jan 06 15:04 MST"
	RFC822Z     = "02 Jan 06 15:04 -0700"
	RFC850      = "Monday, 02-Jan-06 15:04:05 MST"
	RFC1123     = "Mon, 02 Jan 2006 15:04:05 MST"
	RFC1123Z    = "Mon, 02 Jan 2006 15:04:05 -0700"
	RFC3339     = "2006-01-02T15:04:05Z07:00"
	RFC3339Nano = "2006-01-02T15:04:05.999999999Z07:00"
	Kitchen     = "3:04PM"
	Stamp       = "Jan _2 15:04:05"
	StampMilli  = "Jan _2 15:04:05.000"
	StampMicro  = "Jan _2 15:04:05.000000"
	StampNano   = "Jan _2 15:04:05.000000000"
	DateTime    = "2006-01-02 15:04:05"
	DateOnly    = "2006-01-02"
	TimeOnly    = "15:04:05"
)

// kinds of layout elements
const (
	elNone      = iota
	elYear2     // 06
	elYear4     // 2006
	elMonShort  // Jan
	elMonLong   // January
	elMonNum    // 1
	elMonNum2   // 01
	elWdShort   // Mon
	elWdLong    // Monday
	elDay       // 2
	elDaySpace  // _2
	elDay2      // 02
	elYdaySpace // __2
	elYday3     // 002
	elHour      // 15
	elHour12    // 3
	elHour12z   // 03
	elMin       // 4
	elMin2      // 04
	elSec       // 5
	elSec2      // 05
	elPM        // PM
	elpm        // pm
	elZoneName  // MST
	elFrac0     // .000 or ,000
	elFrac9     // .999 or ,999
	// numeric offsets; the Z forms print Z for a zero offset
	elOffHHMM     // -0700
	elOffHHMMSS   // -070000
	elOffHH       // -07
	elOffHH_MM    // -07:00
	elOffHH_MM_SS // -07:00:00
	elZHHMM       // Z0700
	elZHHMMSS     // Z070000
	elZHH         // Z07
	elZHH_MM      // Z07:00
	elZHH_MM_SS   // Z07:00:00
)

var zeroElems = []int{elMonNum2, elDay2, elHour12z, elMin2, elSec2, elYear2}

var offsetForms = []string{"070000", "07:00:00", "0700", "07:00", "07"}
var offsetElems = []int{elOffHHMMSS, elOffHH_MM_SS, elOffHHMM, elOffHH_MM, elOffHH}

// hasPrefix compares bytes (slicing s could cut a character in two).
func hasPrefix(s, p string) bool {
	if len(s) < len(p) {
		return false
	}
	for i := 0; i < len(p); i++ {
		if s[i] != p[i] {
			return false
		}
	}
	return true
}

func lowerAt(s string, i int) bool { return i < len(s) && s[i] >= 'a' && s[i] <= 'z' }

func digitAt(s string, i int) bool { return i < len(s) && s[i] >= '0' && s[i] <= '9' }

// elemAt reports the layout element starting at s[i] and its length (0: none).
func elemAt(s string, i int) (int, int) {
	if s[i] >= 0x80 {
		return elNone, 0 // no element starts inside a non-ASCII character
	}
	rest := s[i:]
	switch s[i] {
	case 'J':
		if hasPrefix(rest, "January") {
			return elMonLong, 7
		}
		if hasPrefix(rest, "Jan") && !lowerAt(s, i+3) {
			return elMonShort, 3
		}
	case 'M':
		if hasPrefix(rest, "Monday") {
			return elWdLong, 6
		}
		if hasPrefix(rest, "Mon") && !lowerAt(s, i+3) {
			return elWdShort, 3
		}
		if hasPrefix(rest, "MST") {
			return elZoneName, 3
		}
	case '0':
		if len(rest) >= 2 && rest[1] >= '1' && rest[1] <= '6' {
			return zeroElems[rest[1]-'1'], 2
		}
		if hasPrefix(rest, "002") {
			return elYday3, 3
		}
	case '1':
		if hasPrefix(rest, "15") {
			return elHour, 2
		}
		return elMonNum, 1
	case '2':
		if hasPrefix(rest, "2006") {
			return elYear4, 4
		}
		return elDay, 1
	case '_':
		if hasPrefix(rest, "_2") {
			if hasPrefix(rest, "_2006") {
				return elNone, 0 // a literal '_' before the year
			}
			return elDaySpace, 2
		}
		if hasPrefix(rest, "__2") {
			return elYdaySpace, 3
		}
	case '3':
		return elHour12, 1
	case '4':
		return elMin, 1
	case '5':
		return elSec, 1
	case 'P':
		if hasPrefix(rest, "PM") {
			return elPM, 2
		}
	case 'p':
		if hasPrefix(rest, "pm") {
			return elpm, 2
		}
	case '-', 'Z':
		for k, f := range offsetForms {
			if hasPrefix(rest[1:], f) {
				e := offsetElems[k]
				if s[i] == 'Z' {
					e += elZHHMM - elOffHHMM
				}
				return e, 1 + len(f)
			}
		}
	case '.', ',':
		if len(rest) >= 2 && (rest[1] == '0' || rest[1] == '9') {
			j := 1
			for j < len(rest) && rest[j] == rest[1] {
				j++
			}
			if !digitAt(rest, j) {
				if rest[1] == '0' {
					return elFrac0, j
				}
				return elFrac9, j
			}
		}
	}
	return elNone, 0
}

// nextElem splits layout into the literal text before its first element, the
// element's kind and text, and the rest.
func nextElem(layout string) (lit string, kind int, elem string, rest string) {
	for i := 0; i < len(layout); i++ {
		if k, n := elemAt(layout, i); n > 0 {
			return layout[:i], k, layout[i : i+n], layout[i+n:]
		}
	}
	return layout, elNone, "", ""
}

func isZForm(k int) bool { return k >= elZHHMM && k <= elZHH_MM_SS }

// offsetShape returns whether an offset element has colons, minutes and seconds.
func offsetShape(k int) (colon, minutes, seconds bool) {
	if isZForm(k) {
		k -= elZHHMM - elOffHHMM
	}
	switch k {
	case elOffHHMM:
		return false, true, false
	case elOffHHMMSS:
		return false, true, true
	case elOffHH:
		return false, false, false
	case elOffHH_MM:
		return true, true, false
	}
	return true, true, true
}

// appendUint appends x in decimal, zero-padded to width digits.
func appendUint(b []byte, x uint64, width int) []byte {
	var tmp [20]byte
	n := 0
	for x >= 10 {
		tmp[n] = byte('0' + x%10)
		x /= 10
		n++
	}
	tmp[n] = byte('0' + x)
	n++
	for ; width > n; width-- {
		b = append(b, '0')
	}
	for n > 0 {
		n--
		b = append(b, tmp[n])
	}
	return b
}

// appendInt appends x in decimal: a '-' if negative, then the digits padded to width.
func appendInt(b []byte, x int, width int) []byte {
	if x < 0 {
		b = append(b, '-')
		return appendUint(b, uint64(-int64(x)), width)
	}
	return appendUint(b, uint64(x), width)
}

// appendFrac appends a fraction of a second with n digits (trim: no trailing zeros).
func appendFrac(b []byte, nsec int, n int, sep byte, trim bool) []byte {
	if trim && nsec == 0 {
		return b
	}
	if n > 9 {
		n = 9
	}
	digits := appendUint(nil, uint64(nsec), 9)[:n]
	if trim {
		for len(digits) > 0 && digits[len(digits)-1] == '0' {
			digits = digits[:len(digits)-1]
		}
		if len(digits) == 0 {
			return b
		}
	}
	b = append(b, sep)
	return append(b, digits...)
}

// Format returns t formatted by layout (see the Layout constant).
func (t Time) Format(layout string) string {
	return string(t.AppendFormat(make([]byte, 0, len(layout)+10), layout))
}

// AppendFormat appends t formatted by layout to b.
func (t Time) AppendFormat(b []byte, layout string) []byte {
	abbr, offset := t.loc.zone()
	c := t.calendar()
	for layout != "" {
		lit, kind, elem, rest := nextElem(layout)
		b = append(b, lit...)
		if kind == elNone {
			break
		}
		layout = rest
		switch kind {
		case elYear2:
			y := c.year
			if y < 0 {
				y = -y
			}
			b = appendInt(b, y%100, 2)
		case elYear4:
			b = appendInt(b, c.year, 4)
		case elMonShort:
			b = append(b, c.month.String()[:3]...)
		case elMonLong:
			b = append(b, c.month.String()...)
		case elMonNum:
			b = appendInt(b, int(c.month), 0)
		case elMonNum2:
			b = appendInt(b, int(c.month), 2)
		case elWdShort:
			b = append(b, c.wday.String()[:3]...)
		case elWdLong:
			b = append(b, c.wday.String()...)
		case elDay:
			b = appendInt(b, c.day, 0)
		case elDaySpace:
			if c.day < 10 {
				b = append(b, ' ')
			}
			b = appendInt(b, c.day, 0)
		case elDay2:
			b = appendInt(b, c.day, 2)
		case elYdaySpace:
			if c.yday < 100 {
				b = append(b, ' ')
			}
			if c.yday < 10 {
				b = append(b, ' ')
			}
			b = appendInt(b, c.yday, 0)
		case elYday3:
			b = appendInt(b, c.yday, 3)
		case elHour:
			b = appendInt(b, c.hour, 2)
		case elHour12, elHour12z:
			h := c.hour % 12
			if h == 0 {
				h = 12
			}
			w := 0
			if kind == elHour12z {
				w = 2
			}
			b = appendInt(b, h, w)
		case elMin:
			b = appendInt(b, c.min, 0)
		case elMin2:
			b = appendInt(b, c.min, 2)
		case elSec:
			b = appendInt(b, c.sec, 0)
		case elSec2:
			b = appendInt(b, c.sec, 2)
		case elPM, elpm:
			m := "AM"
			if c.hour >= 12 {
				m = "PM"
			}
			if kind == elpm {
				m = "am"
				if c.hour >= 12 {
					m = "pm"
				}
			}
			b = append(b, m...)
		case elZoneName:
			if abbr != "" {
				b = append(b, abbr...)
				break
			}
			mins := offset / 60
			if mins < 0 {
				b = append(b, '-')
				mins = -mins
			} else {
				b = append(b, '+')
			}
			b = appendInt(b, mins/60, 2)
			b = appendInt(b, mins%60, 2)
		case elFrac0, elFrac9:
			b = appendFrac(b, int(t.nsec), len(elem)-1, elem[0], kind == elFrac9)
		default: // numeric offsets
			if offset == 0 && isZForm(kind) {
				b = append(b, 'Z')
				break
			}
			colon, minutes, seconds := offsetShape(kind)
			mins := offset / 60
			secs := offset
			if mins < 0 {
				b = append(b, '-')
				mins = -mins
				secs = -secs
			} else {
				b = append(b, '+')
			}
			b = appendInt(b, mins/60, 2)
			if minutes {
				if colon {
					b = append(b, ':')
				}
				b = appendInt(b, mins%60, 2)
			}
			if seconds {
				if colon {
					b = append(b, ':')
				}
				b = appendInt(b, secs%60, 2)
			}
		}
	}
	return b
}

// String formats t as "2006-01-02 15:04:05.999999999 -0700 MST", followed by
// " m=±<seconds>" when t has a monotonic clock reading.
func (t Time) String() string {
	b := t.AppendFormat(nil, "2006-01-02 15:04:05.999999999 -0700 MST")
	if t.hasMono {
		m := uint64(t.mono)
		b = append(b, " m="...)
		if t.mono < 0 {
			b = append(b, '-')
			m = -m
		} else {
			b = append(b, '+')
		}
		whole := m / 1000000000
		b = appendUint(b, whole, 0)
		b = append(b, '.')
		b = appendUint(b, m%1000000000, 9)
	}
	return string(b)
}

// GoString formats t as Go source: a call of time.Date.
func (t Time) GoString() string {
	c := t.calendar()
	b := []byte("time.Date(")
	b = appendInt(b, c.year, 0)
	b = append(b, ", time."...)
	b = append(b, c.month.String()...)
	for _, v := range []int{c.day, c.hour, c.min, c.sec, int(t.nsec)} {
		b = append(b, ", "...)
		b = appendInt(b, v, 0)
	}
	b = append(b, ", "...)
	switch t.loc {
	case nil, UTC:
		b = append(b, "time.UTC"...)
	case Local:
		b = append(b, "time.Local"...)
	default:
		b = append(b, "time.Location("...)
		b = append(b, quote(t.loc.name)...)
		b = append(b, ')')
	}
	b = append(b, ')')
	return string(b)
}

// quote returns s in double quotes, escaping '"' and '\\', and writing the
// bytes of control and non-ASCII characters as \x escapes (as Go's time does).
func quote(s string) string {
	const hexDigits = "0123456789abcdef"
	b := []byte{'"'}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < ' ' || c >= 0x80 {
			b = append(b, '\\', 'x', hexDigits[c>>4], hexDigits[c&15])
			continue
		}
		if c == '"' || c == '\\' {
			b = append(b, '\\')
		}
		b = append(b, c)
	}
	b = append(b, '"')
	return string(b)
}

// ---------------------------------------------------------------------------
// Parsing

// A ParseError describes a failure to parse a time string.
type ParseError struct {
	Layout     string
	Value      string
	LayoutElem string
	ValueElem  string
	Message    string
}

func (e *ParseError) Error() string {
	if e.Message != "" {
		return "parsing time " + quote(e.Value) + e.Message
	}
	return "parsing time " + quote(e.Value) + " as " + quote(e.Layout) +
		": cannot parse " + quote(e.ValueElem) + " as " + quote(e.LayoutElem)
}

// Parse parses value by layout. Without a zone in value the result is UTC; zone
// offsets and abbreviations are matched against Local.
func Parse(layout, value string) (Time, error) {
	return parseIn(layout, value, UTC, Local)
}

// ParseInLocation is like Parse but uses loc both for values without a zone and
// to match zone offsets and abbreviations.
func ParseInLocation(layout, value string, loc *Location) (Time, error) {
	return parseIn(layout, value, loc, loc)
}

// skipLiteral consumes lit from the start of value, any run of spaces in lit
// matching any run of spaces in value. On failure it returns what is left of
// value where the mismatch was found.
func skipLiteral(value, lit string) (string, bool) {
	for lit != "" {
		if lit[0] == ' ' {
			if value != "" && value[0] != ' ' {
				return value, false
			}
			for lit != "" && lit[0] == ' ' {
				lit = lit[1:]
			}
			for value != "" && value[0] == ' ' {
				value = value[1:]
			}
			continue
		}
		n := 1 // compare whole characters
		if lit[0] >= 0xF0 {
			n = 4
		} else if lit[0] >= 0xE0 {
			n = 3
		} else if lit[0] >= 0xC0 {
			n = 2
		}
		if !hasPrefix(value, lit[:n]) {
			return value, false
		}
		lit = lit[n:]
		value = value[n:]
	}
	return value, true
}

// matchName looks for one of names at the start of value, ignoring ASCII case.
func matchName(names []string, value string) (int, string, bool) {
	for k, name := range names {
		if len(value) < len(name) {
			continue
		}
		ok := true
		for i := 0; i < len(name); i++ {
			a, b := value[i], name[i]
			if a != b {
				a |= 0x20
				b |= 0x20
				if a != b || a < 'a' || a > 'z' {
					ok = false
					break
				}
			}
		}
		if ok {
			return k, value[len(name):], true
		}
	}
	return -1, value, false
}

var shortMonths = []string{"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"}
var shortDays = []string{"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"}

// getDigits reads one or two digits (exactly two when fixed).
func getDigits(s string, fixed bool) (int, string, bool) {
	if !digitAt(s, 0) {
		return 0, s, false
	}
	if !digitAt(s, 1) {
		if fixed {
			return 0, s, false
		}
		return int(s[0] - '0'), s[1:], true
	}
	return int(s[0]-'0')*10 + int(s[1]-'0'), s[2:], true
}

// getDigits3 reads one to three digits (exactly three when fixed).
func getDigits3(s string, fixed bool) (int, string, bool) {
	n, i := 0, 0
	for i < 3 && digitAt(s, i) {
		n = n*10 + int(s[i]-'0')
		i++
	}
	if i == 0 || fixed && i != 3 {
		return 0, s, false
	}
	return n, s[i:], true
}

// signedNumber reads s[from:to] as an optionally signed decimal number that
// must fill the whole range.
func signedNumber(s string, from, to int) (int, bool) {
	neg := false
	if from < to && (s[from] == '+' || s[from] == '-') {
		neg = s[from] == '-'
		from++
	}
	n := 0
	for i := from; i < to; i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		n = n*10 + int(s[i]-'0')
		if n > 1<<62 {
			return 0, false
		}
	}
	if neg {
		n = -n
	}
	return n, true
}

func isSep(c byte) bool { return c == '.' || c == ',' }

// fraction reads a separator and digits, value[0:n], as nanoseconds (digits
// past the ninth are ignored).
func fraction(value string, n int) (ns int, rangeErr string, ok bool) {
	if !isSep(value[0]) {
		return 0, "", false
	}
	if n > 10 {
		n = 10
	}
	ns, ok = signedNumber(value, 1, n)
	if !ok {
		return 0, "", false
	}
	if ns < 0 {
		return 0, "fractional second", true
	}
	for i := n; i < 10; i++ {
		ns *= 10
	}
	return ns, "", true
}

// zoneNameLen returns the length of the time zone abbreviation that starts
// value, if it looks like one.
func zoneNameLen(value string) (int, bool) {
	if len(value) < 3 {
		return 0, false
	}
	if hasPrefix(value, "ChST") || hasPrefix(value, "MeST") {
		return 4, true
	}
	if hasPrefix(value, "GMT") {
		return 3 + signedHoursLen(value[3:]), true
	}
	if value[0] == '+' || value[0] == '-' {
		n := signedHoursLen(value)
		return n, n > 0
	}
	upper := 0
	for upper < 6 && upper < len(value) && value[upper] >= 'A' && value[upper] <= 'Z' {
		upper++
	}
	switch upper {
	case 3:
		return 3, true
	case 4:
		if value[3] == 'T' || hasPrefix(value, "WITA") {
			return 4, true
		}
	case 5:
		if value[4] == 'T' {
			return 5, true
		}
	}
	return 0, false
}

// signedHoursLen returns the length of a sign followed by a number of hours up
// to 23 at the start of s (0 if there is none).
func signedHoursLen(s string) int {
	if s == "" || s[0] != '+' && s[0] != '-' {
		return 0
	}
	i := 1
	var n uint64
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		if n > 1<<63/10 {
			return 0
		}
		n = n*10 + uint64(s[i]-'0')
		i++
	}
	if i == 1 || n > 23 {
		return 0
	}
	return i
}

// lookupName reports the offset of the zone abbreviation name in l, if l uses it.
func (l *Location) lookupName(name string) (int, bool) {
	if l == nil || l == &utcLoc || l == &localLoc {
		return 0, false
	}
	if l.abbr == name {
		return l.offset, true
	}
	return 0, false
}

func parseIn(layout, value string, defLoc, local *Location) (Time, error) {
	fullLayout, fullValue := layout, value
	var (
		year       int
		month      = -1
		day        = -1
		yday       = -1
		hour       int
		min        int
		sec        int
		nsec       int
		am, pm     bool
		inUTC      bool
		zoneOffset = -1
		zoneName   string
	)
	for {
		lit, kind, elem, rest := nextElem(layout)
		v, ok := skipLiteral(value, lit)
		value = v
		if !ok {
			return Time{}, &ParseError{fullLayout, fullValue, lit, value, ""}
		}
		if kind == elNone {
			if value != "" {
				return Time{}, &ParseError{fullLayout, fullValue, "", value, ": extra text: " + quote(value)}
			}
			break
		}
		layout = rest
		hold := value
		ok = true
		rangeErr := ""
		switch kind {
		case elYear2:
			if len(value) < 2 {
				ok = false
				break
			}
			year, ok = signedNumber(value, 0, 2)
			if !ok {
				break
			}
			value = value[2:]
			if year >= 69 {
				year += 1900
			} else {
				year += 2000
			}
		case elYear4:
			if len(value) < 4 || !digitAt(value, 0) {
				ok = false
				break
			}
			year, ok = signedNumber(value, 0, 4)
			if ok {
				value = value[4:]
			}
		case elMonShort:
			month, value, ok = matchName(shortMonths, value)
			month++
		case elMonLong:
			month, value, ok = matchName(monthNames, value)
			month++
		case elMonNum, elMonNum2:
			month, value, ok = getDigits(value, kind == elMonNum2)
			if ok && (month <= 0 || month > 12) {
				rangeErr = "month"
			}
		case elWdShort:
			_, value, ok = matchName(shortDays, value)
		case elWdLong:
			_, value, ok = matchName(dayNames, value)
		case elDay, elDaySpace, elDay2:
			if kind == elDaySpace && value != "" && value[0] == ' ' {
				value = value[1:]
			}
			day, value, ok = getDigits(value, kind == elDay2)
		case elYdaySpace, elYday3:
			if kind == elYdaySpace {
				for i := 0; i < 2 && value != "" && value[0] == ' '; i++ {
					value = value[1:]
				}
			}
			yday, value, ok = getDigits3(value, kind == elYday3)
		case elHour:
			hour, value, ok = getDigits(value, false)
			if hour >= 24 {
				rangeErr = "hour"
			}
		case elHour12, elHour12z:
			hour, value, ok = getDigits(value, kind == elHour12z)
			if hour > 12 {
				rangeErr = "hour"
			}
		case elMin, elMin2:
			min, value, ok = getDigits(value, kind == elMin2)
			if min >= 60 {
				rangeErr = "minute"
			}
		case elSec, elSec2:
			sec, value, ok = getDigits(value, kind == elSec2)
			if !ok {
				break
			}
			if sec >= 60 {
				rangeErr = "second"
				break
			}
			// a fraction in the value that the layout does not mention
			if len(value) >= 2 && isSep(value[0]) && digitAt(value, 1) {
				_, next, _, _ := nextElem(layout)
				if next == elFrac0 || next == elFrac9 {
					break
				}
				n := 2
				for digitAt(value, n) {
					n++
				}
				nsec, rangeErr, ok = fraction(value, n)
				value = value[n:]
			}
		case elPM, elpm:
			if len(value) < 2 {
				ok = false
				break
			}
			a, p := "AM", "PM"
			if kind == elpm {
				a, p = "am", "pm"
			}
			if hasPrefix(value, p) {
				pm = true
			} else if hasPrefix(value, a) {
				am = true
			} else {
				ok = false
				break
			}
			value = value[2:]
		case elZoneName:
			if hasPrefix(value, "UTC") {
				inUTC = true
				value = value[3:]
				break
			}
			n, found := zoneNameLen(value)
			if !found {
				ok = false
				break
			}
			zoneName, value = value[:n], value[n:]
		case elFrac0:
			n := len(elem)
			if len(value) < n {
				ok = false
				break
			}
			nsec, rangeErr, ok = fraction(value, n)
			if ok {
				value = value[n:]
			}
		case elFrac9:
			if len(value) < 2 || !isSep(value[0]) || !digitAt(value, 1) {
				break // no fraction: fine
			}
			n := 2
			for digitAt(value, n) {
				n++
			}
			nsec, rangeErr, ok = fraction(value, n)
			value = value[n:]
		default: // numeric zone offsets
			if isZForm(kind) && value != "" && value[0] == 'Z' {
				value = value[1:]
				inUTC = true
				break
			}
			var off int
			off, value, rangeErr, ok = parseOffset(value, kind)
			if ok || rangeErr != "" {
				zoneOffset = off
			}
		}
		if rangeErr != "" {
			return Time{}, &ParseError{fullLayout, fullValue, elem, value, ": " + rangeErr + " out of range"}
		}
		if !ok {
			return Time{}, &ParseError{fullLayout, fullValue, elem, hold, ""}
		}
	}
	if pm && hour < 12 {
		hour += 12
	} else if am && hour == 12 {
		hour = 0
	}

	if yday >= 0 {
		m, d := 0, 0
		if isLeap(year) {
			if yday == 31+29 {
				m, d = 2, 29
			} else if yday > 31+29 {
				yday--
			}
		}
		if yday < 1 || yday > 365 {
			return Time{}, &ParseError{fullLayout, fullValue, "", value, ": day-of-year out of range"}
		}
		if m == 0 {
			m = 1
			for monthStart[m] < yday {
				m++
			}
			d = yday - monthStart[m-1]
		}
		if month >= 0 && month != m {
			return Time{}, &ParseError{fullLayout, fullValue, "", value, ": day-of-year does not match month"}
		}
		month = m
		if day >= 0 && day != d {
			return Time{}, &ParseError{fullLayout, fullValue, "", value, ": day-of-year does not match day"}
		}
		day = d
	} else {
		if month < 0 {
			month = 1
		}
		if day < 0 {
			day = 1
		}
	}
	if day < 1 || day > daysIn(Month(month), year) {
		return Time{}, &ParseError{fullLayout, fullValue, "", value, ": day out of range"}
	}

	if inUTC {
		return Date(year, Month(month), day, hour, min, sec, nsec, UTC), nil
	}
	if zoneOffset != -1 {
		t := Date(year, Month(month), day, hour, min, sec, nsec, UTC)
		t.sec -= int64(zoneOffset)
		name, off := local.zone()
		if off == zoneOffset && (zoneName == "" || name == zoneName) {
			t.setLoc(local)
			return t, nil
		}
		t.setLoc(FixedZone(zoneName, zoneOffset))
		return t, nil
	}
	if zoneName != "" {
		t := Date(year, Month(month), day, hour, min, sec, nsec, UTC)
		if off, found := local.lookupName(zoneName); found {
			t.sec -= int64(off)
			t.setLoc(local)
			return t, nil
		}
		// an unknown abbreviation: a made-up zone with no offset (GMT+h gets h
		// hours, the wall clock staying as parsed)
		off := 0
		if len(zoneName) > 3 && zoneName[:3] == "GMT" {
			h, _ := signedNumber(zoneName, 3, len(zoneName))
			off = h * 3600
		}
		t.setLoc(FixedZone(zoneName, off))
		return t, nil
	}
	return Date(year, Month(month), day, hour, min, sec, nsec, defLoc), nil
}

// parseOffset reads a numeric zone offset shaped as layout element kind.
// When the fields are digits but out of range it returns a range error with
// the value after the offset.
func parseOffset(value string, kind int) (off int, rest string, rangeErr string, ok bool) {
	colon, minutes, seconds := offsetShape(kind)
	// positions of hours, minutes and seconds digits, and the total length
	hp, mp, sp, n := 1, -1, -1, 3
	if minutes {
		mp = 3
		n = 5
		if colon {
			mp = 4
			n = 6
		}
	}
	if seconds {
		sp = 5
		n = 7
		if colon {
			sp = 7
			n = 9
		}
	}
	if len(value) < n {
		return 0, value, "", false
	}
	if colon && (value[3] != ':' || seconds && value[6] != ':') {
		return 0, value, "", false
	}
	two := func(p int) (int, bool) {
		if p < 0 {
			return 0, true
		}
		if !digitAt(value, p) || !digitAt(value, p+1) {
			return 0, false
		}
		return int(value[p]-'0')*10 + int(value[p+1]-'0'), true
	}
	// fields are read in order until one is not two digits; the range checks
	// apply to those read (and win over a later bad field, as in Go)
	hh, ok := two(hp)
	mm, ss := 0, 0
	if ok {
		mm, ok = two(mp)
		if ok {
			ss, ok = two(sp)
		}
	}
	if hh > 24 {
		rangeErr = "time zone offset hour"
	}
	if mm > 60 {
		rangeErr = "time zone offset minute"
	}
	if ss > 60 {
		rangeErr = "time zone offset second"
	}
	rest = cutAt(value, n)
	if !ok {
		return 0, rest, rangeErr, false
	}
	off = (hh*60+mm)*60 + ss
	sign := value[0]
	if sign == '-' {
		off = -off
	} else if sign != '+' {
		return off, rest, rangeErr, false
	}
	return off, rest, rangeErr, true
}

// cutAt returns s[i:], moved on to the next character boundary if i falls
// inside a character.
func cutAt(s string, i int) string {
	for i < len(s) && s[i] >= 0x80 && s[i] < 0xC0 {
		i++
	}
	return s[i:]
}

// ---------------------------------------------------------------------------
// ParseDuration

type durationError struct {
	msg   string
	value string
}

func (e *durationError) Error() string { return "time: " + e.msg + " " + quote(e.value) }

func unitSize(u string) (uint64, bool) {
	switch u {
	case "ns":
		return 1, true
	case "us", "\u00b5s", "\u03bcs":
		return uint64(Microsecond), true
	case "ms":
		return uint64(Millisecond), true
	case "s":
		return uint64(Second), true
	case "m":
		return uint64(Minute), true
	case "h":
		return uint64(Hour), true
	}
	return 0, false
}

// ParseDuration parses a signed sequence of decimal numbers, each with an
// optional fraction and a unit ("ns", "us" or "µs", "ms", "s", "m", "h"),
// such as "300ms", "-1.5h" or "2h45m".
func ParseDuration(s string) (Duration, error) {
	orig := s
	invalid := &durationError{"invalid duration", orig}
	neg := false
	if s != "" && (s[0] == '-' || s[0] == '+') {
		neg = s[0] == '-'
		s = s[1:]
	}
	if s == "0" {
		return 0, nil
	}
	if s == "" {
		return 0, invalid
	}
	const limit = uint64(1) << 63
	var total uint64
	for s != "" {
		if s[0] != '.' && !digitAt(s, 0) {
			return 0, invalid
		}
		i := 0
		var whole uint64
		for digitAt(s, i) {
			if whole > limit/10 {
				return 0, invalid
			}
			whole = whole*10 + uint64(s[i]-'0')
			if whole > limit {
				return 0, invalid
			}
			i++
		}
		hadWhole := i > 0
		var frac uint64
		scale := 1.0
		hadFrac := false
		if i < len(s) && s[i] == '.' {
			i++
			start := i
			full := false
			for digitAt(s, i) {
				if !full {
					if frac > (limit-1)/10 {
						full = true
					} else if next := frac*10 + uint64(s[i]-'0'); next > limit {
						full = true
					} else {
						frac = next
						scale *= 10
					}
				}
				i++
			}
			hadFrac = i > start
		}
		if !hadWhole && !hadFrac {
			return 0, invalid
		}
		j := i
		for j < len(s) && s[j] != '.' && !digitAt(s, j) {
			j++
		}
		if j == i {
			return 0, &durationError{"missing unit in duration", orig}
		}
		unitName := s[i:j]
		s = s[j:]
		unit, known := unitSize(unitName)
		if !known {
			return 0, &durationError{"unknown unit " + quote(unitName) + " in duration", orig}
		}
		if whole > limit/unit {
			return 0, invalid
		}
		whole *= unit
		if frac > 0 {
			whole += uint64(float64(frac) * (float64(unit) / scale))
			if whole > limit {
				return 0, invalid
			}
		}
		total += whole
		if total > limit {
			return 0, invalid
		}
	}
	if neg {
		return -Duration(total), nil
	}
	if total > limit-1 {
		return 0, invalid
	}
	return Duration(total), nil
}

// ---------------------------------------------------------------------------
// Encodings

// appendRFC3339 appends t in RFC 3339 with nanoseconds, failing (as Go does)
// for years outside 0..9999 and zone offsets of 24 hours or more.
func (t Time) appendRFC3339(b []byte, prefix string) ([]byte, error) {
	if y := t.Year(); y < 0 || y > 9999 {
		return nil, errors.New(prefix + "year outside of range [0,9999]")
	}
	_, off := t.loc.zone()
	if m := off / 60; m >= 24*60 || m <= -24*60 {
		return nil, errors.New(prefix + "timezone hour outside of range [0,23]")
	}
	return t.AppendFormat(b, RFC3339Nano), nil
}

// AppendText appends t in RFC 3339 with nanoseconds.
func (t Time) AppendText(b []byte) ([]byte, error) {
	return t.appendRFC3339(b, "Time.AppendText: ")
}

// MarshalText returns t in RFC 3339 with nanoseconds.
func (t Time) MarshalText() ([]byte, error) {
	return t.appendRFC3339(nil, "Time.MarshalText: ")
}

// UnmarshalText parses an RFC 3339 time.
func (t *Time) UnmarshalText(data []byte) error {
	u, err := Parse(RFC3339, string(data))
	*t = u
	return err
}

// MarshalJSON returns t as a JSON string in RFC 3339 with nanoseconds.
func (t Time) MarshalJSON() ([]byte, error) {
	b, err := t.appendRFC3339([]byte{'"'}, "Time.MarshalJSON: ")
	if err != nil {
		return nil, err
	}
	return append(b, '"'), nil
}

// UnmarshalJSON parses a JSON string holding an RFC 3339 time ("null" does nothing).
func (t *Time) UnmarshalJSON(data []byte) error {
	if string(data) == "null" {
		return nil
	}
	if len(data) < 2 || data[0] != '"' || data[len(data)-1] != '"' {
		return errors.New("Time.UnmarshalJSON: input is not a JSON string")
	}
	u, err := Parse(RFC3339, string(data[1:len(data)-1]))
	*t = u
	return err
}

// AppendBinary appends Go's binary form of t: a version byte, the seconds since
// year 1 (8 bytes), the nanoseconds (4 bytes) and the zone offset in minutes
// (2 bytes, -1 for UTC), plus a byte of offset seconds in version 2.
func (t Time) AppendBinary(b []byte) ([]byte, error) {
	version := byte(1)
	offMin := -1
	offSec := 0
	if t.Location() != UTC {
		_, off := t.loc.zone()
		if off%60 != 0 {
			version = 2
			offSec = off % 60
		}
		offMin = off / 60
		if offMin < -32768 || offMin == -1 || offMin > 32767 {
			return b, errors.New("Time.MarshalBinary: unexpected zone offset")
		}
	}
	b = append(b, version)
	for shift := 56; shift >= 0; shift -= 8 {
		b = append(b, byte(t.sec>>uint(shift)))
	}
	for shift := 24; shift >= 0; shift -= 8 {
		b = append(b, byte(t.nsec>>uint(shift)))
	}
	b = append(b, byte(offMin>>8), byte(offMin))
	if version == 2 {
		b = append(b, byte(offSec))
	}
	return b, nil
}

// MarshalBinary returns Go's binary form of t.
func (t Time) MarshalBinary() ([]byte, error) {
	b, err := t.AppendBinary(make([]byte, 0, 16))
	if err != nil {
		return nil, err
	}
	return b, nil
}

// UnmarshalBinary decodes Go's binary form of a Time.
func (t *Time) UnmarshalBinary(data []byte) error {
	if len(data) == 0 {
		return errors.New("Time.UnmarshalBinary: no data")
	}
	version := data[0]
	if version != 1 && version != 2 {
		return errors.New("Time.UnmarshalBinary: unsupported version")
	}
	want := 15
	if version == 2 {
		want = 16
	}
	if len(data) != want {
		return errors.New("Time.UnmarshalBinary: invalid length")
	}
	var sec int64
	for _, c := range data[1:9] {
		sec = sec<<8 | int64(c)
	}
	var nsec int32
	for _, c := range data[9:13] {
		nsec = nsec<<8 | int32(c)
	}
	offMin := int(int16(uint16(data[13])<<8 | uint16(data[14])))
	off := offMin * 60
	if version == 2 {
		off += int(int8(data[15]))
	}
	*t = Time{sec: sec, nsec: nsec}
	if offMin == -1 {
		t.setLoc(UTC)
	} else if _, lo := Local.zone(); off == lo {
		t.setLoc(Local)
	} else {
		t.setLoc(FixedZone("", off))
	}
	return nil
}

// GobEncode returns Go's binary form of t.
func (t Time) GobEncode() ([]byte, error) { return t.MarshalBinary() }

// GobDecode decodes Go's binary form of a Time.
func (t *Time) GobDecode(data []byte) error { return t.UnmarshalBinary(data) }

// ---------------------------------------------------------------------------
// Timers and tickers are the runtime's (runtime/time.go), not goroutines: each is a
// timer object that sits in a P's timer heap while it is due and something will see
// it fire. A timer's channel is buffered inside but shows len and cap 0, and Stop and
// Reset take back a value nobody received (Go 1.23's synchronous timer channels).

// newTimer makes the runtime's timer: one that sends the time it was due on c
// (sendTime), or one that starts f in a new goroutine (goFunc). It returns its id
// plus one. loc is Local, the sent times' Location.
func newTimer(c chan Time, f func(), loc *Location) int

// modTimer is the runtime's timer.modify (NewTimer, Reset): due at when on the
// monotonic clock, then every period ns if period > 0. It reports whether the timer
// was pending.
func modTimer(t int, when, period int64) bool

// stopTimer is timer.stop: whether the timer was pending.
func stopTimer(t int) bool

// when is the monotonic instant d from now (sleep.go: when).
func when(d Duration) int64 {
	if d <= 0 {
		return runtimeNano()
	}
	t := runtimeNano() + int64(d)
	if t < 0 {
		t = 1<<63 - 1
	}
	return t
}

// The Timer type represents a single event. When the Timer expires, the current
// time will be sent on C, unless the Timer was created by AfterFunc.
type Timer struct {
	C <-chan Time
	r int // the runtime timer (id + 1); 0 for a Timer not made by NewTimer or AfterFunc
}

// NewTimer creates a new Timer that will send the current time on its channel after
// at least duration d.
func NewTimer(d Duration) *Timer {
	c := make(chan Time, 1)
	t := &Timer{C: c, r: newTimer(c, nil, Local)}
	modTimer(t.r, when(d), 0)
	return t
}

// AfterFunc waits for the duration to elapse and then calls f in its own goroutine.
func AfterFunc(d Duration, f func()) *Timer {
	t := &Timer{r: newTimer(nil, f, Local)}
	modTimer(t.r, when(d), 0)
	return t
}

// Stop prevents the Timer from firing. It returns true if the call stops the timer,
// false if the timer has already expired or been stopped.
func (t *Timer) Stop() bool {
	if t.r == 0 {
		panic("time: Stop called on uninitialized Timer")
	}
	return stopTimer(t.r)
}

// Reset changes the timer to expire after duration d. It returns true if the timer
// had been active, false if the timer had expired or been stopped.
func (t *Timer) Reset(d Duration) bool {
	if t.r == 0 {
		panic("time: Reset called on uninitialized Timer")
	}
	return modTimer(t.r, when(d), 0)
}

// After waits for the duration to elapse and then sends the current time on the
// returned channel.
func After(d Duration) <-chan Time { return NewTimer(d).C }

// A Ticker holds a channel that delivers "ticks" of a clock at intervals.
type Ticker struct {
	C <-chan Time
	r int
}

// NewTicker returns a new Ticker containing a channel that will send the current
// time on the channel after each tick. The period of the ticks is specified by the
// duration argument. The ticker will adjust the time interval or drop ticks to make
// up for slow receivers. The duration d must be greater than zero.
func NewTicker(d Duration) *Ticker {
	if d <= 0 {
		panic("non-positive interval for NewTicker")
	}
	c := make(chan Time, 1)
	t := &Ticker{C: c, r: newTimer(c, nil, Local)}
	modTimer(t.r, when(d), int64(d))
	return t
}

// Stop turns off a ticker. After Stop, no more ticks will be sent.
func (t *Ticker) Stop() {
	if t.r == 0 {
		// As Go: misuse, but it does not panic (tick.go).
		return
	}
	stopTimer(t.r)
}

// Reset stops a ticker and resets its period to the specified duration.
func (t *Ticker) Reset(d Duration) {
	if d <= 0 {
		panic("non-positive interval for Ticker.Reset")
	}
	if t.r == 0 {
		panic("time: Reset called on uninitialized Ticker")
	}
	modTimer(t.r, when(d), int64(d))
}

// Tick is a convenience wrapper for NewTicker providing access to the ticking
// channel only. Unlike NewTicker, Tick will return nil if d <= 0.
func Tick(d Duration) <-chan Time {
	if d <= 0 {
		return nil
	}
	return NewTicker(d).C
}
