package syscall

// Package syscall: the explorer's part of Go's, the error numbers of
// linux/amd64 (Errno, its constants and texts). The system calls themselves
// are the core's model, reached through os, net and time.

import (
	"errors"
	"internal/oserror"
	"strconv"
)

// An Errno is an unsigned number describing an error condition, as a system
// call returns it.
type Errno uintptr

func (e Errno) Error() string {
	if 0 <= int(e) && int(e) < len(errorTexts) {
		s := errorTexts[e]
		if s != "" {
			return s
		}
	}
	return "errno " + strconv.Itoa(int(e))
}

// Is reports whether e is one of the portable errors target names.
func (e Errno) Is(target error) bool {
	switch target {
	case oserror.ErrPermission:
		return e == EACCES || e == EPERM
	case oserror.ErrExist:
		return e == EEXIST || e == ENOTEMPTY
	case oserror.ErrNotExist:
		return e == ENOENT
	case errors.ErrUnsupported:
		return e == ENOSYS || e == ENOTSUP || e == EOPNOTSUPP
	}
	return false
}

func (e Errno) Temporary() bool {
	return e == EINTR || e == EMFILE || e == ENFILE || e.Timeout()
}

func (e Errno) Timeout() bool {
	return e == EAGAIN || e == EWOULDBLOCK || e == ETIMEDOUT
}

// The errno values of linux/amd64 (asm-generic/errno*.h).
const (
	E2BIG           Errno = 7
	EACCES          Errno = 13
	EADDRINUSE      Errno = 98
	EADDRNOTAVAIL   Errno = 99
	EADV            Errno = 68
	EAFNOSUPPORT    Errno = 97
	EAGAIN          Errno = 11
	EALREADY        Errno = 114
	EBADE           Errno = 52
	EBADF           Errno = 9
	EBADFD          Errno = 77
	EBADMSG         Errno = 74
	EBADR           Errno = 53
	EBADRQC         Errno = 56
	EBADSLT         Errno = 57
	EBFONT          Errno = 59
	EBUSY           Errno = 16
	ECANCELED       Errno = 125
	ECHILD          Errno = 10
	ECHRNG          Errno = 44
	ECOMM           Errno = 70
	ECONNABORTED    Errno = 103
	ECONNREFUSED    Errno = 111
	ECONNRESET      Errno = 104
	EDEADLK         Errno = 35
	EDEADLOCK       Errno = 35
	EDESTADDRREQ    Errno = 89
	EDOM            Errno = 33
	EDOTDOT         Errno = 73
	EDQUOT          Errno = 122
	EEXIST          Errno = 17
	EFAULT          Errno = 14
	EFBIG           Errno = 27
	EHOSTDOWN       Errno = 112
	EHOSTUNREACH    Errno = 113
	EIDRM           Errno = 43
	EILSEQ          Errno = 84
	EINPROGRESS     Errno = 115
	EINTR           Errno = 4
	EINVAL          Errno = 22
	EIO             Errno = 5
	EISCONN         Errno = 106
	EISDIR          Errno = 21
	EISNAM          Errno = 120
	EKEYEXPIRED     Errno = 127
	EKEYREJECTED    Errno = 129
	EKEYREVOKED     Errno = 128
	EL2HLT          Errno = 51
	EL2NSYNC        Errno = 45
	EL3HLT          Errno = 46
	EL3RST          Errno = 47
	ELIBACC         Errno = 79
	ELIBBAD         Errno = 80
	ELIBEXEC        Errno = 83
	ELIBMAX         Errno = 82
	ELIBSCN         Errno = 81
	ELNRNG          Errno = 48
	ELOOP           Errno = 40
	EMEDIUMTYPE     Errno = 124
	EMFILE          Errno = 24
	EMLINK          Errno = 31
	EMSGSIZE        Errno = 90
	EMULTIHOP       Errno = 72
	ENAMETOOLONG    Errno = 36
	ENAVAIL         Errno = 119
	ENETDOWN        Errno = 100
	ENETRESET       Errno = 102
	ENETUNREACH     Errno = 101
	ENFILE          Errno = 23
	ENOANO          Errno = 55
	ENOBUFS         Errno = 105
	ENOCSI          Errno = 50
	ENODATA         Errno = 61
	ENODEV          Errno = 19
	ENOENT          Errno = 2
	ENOEXEC         Errno = 8
	ENOKEY          Errno = 126
	ENOLCK          Errno = 37
	ENOLINK         Errno = 67
	ENOMEDIUM       Errno = 123
	ENOMEM          Errno = 12
	ENOMSG          Errno = 42
	ENONET          Errno = 64
	ENOPKG          Errno = 65
	ENOPROTOOPT     Errno = 92
	ENOSPC          Errno = 28
	ENOSR           Errno = 63
	ENOSTR          Errno = 60
	ENOSYS          Errno = 38
	ENOTBLK         Errno = 15
	ENOTCONN        Errno = 107
	ENOTDIR         Errno = 20
	ENOTEMPTY       Errno = 39
	ENOTNAM         Errno = 118
	ENOTRECOVERABLE Errno = 131
	ENOTSOCK        Errno = 88
	ENOTSUP         Errno = 95
	ENOTTY          Errno = 25
	ENOTUNIQ        Errno = 76
	ENXIO           Errno = 6
	EOPNOTSUPP      Errno = 95
	EOVERFLOW       Errno = 75
	EOWNERDEAD      Errno = 130
	EPERM           Errno = 1
	EPFNOSUPPORT    Errno = 96
	EPIPE           Errno = 32
	EPROTO          Errno = 71
	EPROTONOSUPPORT Errno = 93
	EPROTOTYPE      Errno = 91
	ERANGE          Errno = 34
	EREMCHG         Errno = 78
	EREMOTE         Errno = 66
	EREMOTEIO       Errno = 121
	ERESTART        Errno = 85
	ERFKILL         Errno = 132
	EROFS           Errno = 30
	ESHUTDOWN       Errno = 108
	ESOCKTNOSUPPORT Errno = 94
	ESPIPE          Errno = 29
	ESRCH           Errno = 3
	ESRMNT          Errno = 69
	ESTALE          Errno = 116
	ESTRPIPE        Errno = 86
	ETIME           Errno = 62
	ETIMEDOUT       Errno = 110
	ETOOMANYREFS    Errno = 109
	ETXTBSY         Errno = 26
	EUCLEAN         Errno = 117
	EUNATCH         Errno = 49
	EUSERS          Errno = 87
	EWOULDBLOCK     Errno = 11
	EXDEV           Errno = 18
	EXFULL          Errno = 54
)

// strerror's text of each errno (glibc's, as the kernel numbers them).
var errorTexts = [...]string{
	1:   "operation not permitted",
	2:   "no such file or directory",
	3:   "no such process",
	4:   "interrupted system call",
	5:   "input/output error",
	6:   "no such device or address",
	7:   "argument list too long",
	8:   "exec format error",
	9:   "bad file descriptor",
	10:  "no child processes",
	11:  "resource temporarily unavailable",
	12:  "cannot allocate memory",
	13:  "permission denied",
	14:  "bad address",
	15:  "block device required",
	16:  "device or resource busy",
	17:  "file exists",
	18:  "invalid cross-device link",
	19:  "no such device",
	20:  "not a directory",
	21:  "is a directory",
	22:  "invalid argument",
	23:  "too many open files in system",
	24:  "too many open files",
	25:  "inappropriate ioctl for device",
	26:  "text file busy",
	27:  "file too large",
	28:  "no space left on device",
	29:  "illegal seek",
	30:  "read-only file system",
	31:  "too many links",
	32:  "broken pipe",
	33:  "numerical argument out of domain",
	34:  "numerical result out of range",
	35:  "resource deadlock avoided",
	36:  "file name too long",
	37:  "no locks available",
	38:  "function not implemented",
	39:  "directory not empty",
	40:  "too many levels of symbolic links",
	42:  "no message of desired type",
	43:  "identifier removed",
	44:  "channel number out of range",
	45:  "level 2 not synchronized",
	46:  "level 3 halted",
	47:  "level 3 reset",
	48:  "link number out of range",
	49:  "protocol driver not attached",
	50:  "no CSI structure available",
	51:  "level 2 halted",
	52:  "invalid exchange",
	53:  "invalid request descriptor",
	54:  "exchange full",
	55:  "no anode",
	56:  "invalid request code",
	57:  "invalid slot",
	59:  "bad font file format",
	60:  "device not a stream",
	61:  "no data available",
	62:  "timer expired",
	63:  "out of streams resources",
	64:  "machine is not on the network",
	65:  "package not installed",
	66:  "object is remote",
	67:  "link has been severed",
	68:  "advertise error",
	69:  "srmount error",
	70:  "communication error on send",
	71:  "protocol error",
	72:  "multihop attempted",
	73:  "RFS specific error",
	74:  "bad message",
	75:  "value too large for defined data type",
	76:  "name not unique on network",
	77:  "file descriptor in bad state",
	78:  "remote address changed",
	79:  "can not access a needed shared library",
	80:  "accessing a corrupted shared library",
	81:  ".lib section in a.out corrupted",
	82:  "attempting to link in too many shared libraries",
	83:  "cannot exec a shared library directly",
	84:  "invalid or incomplete multibyte or wide character",
	85:  "interrupted system call should be restarted",
	86:  "streams pipe error",
	87:  "too many users",
	88:  "socket operation on non-socket",
	89:  "destination address required",
	90:  "message too long",
	91:  "protocol wrong type for socket",
	92:  "protocol not available",
	93:  "protocol not supported",
	94:  "socket type not supported",
	95:  "operation not supported",
	96:  "protocol family not supported",
	97:  "address family not supported by protocol",
	98:  "address already in use",
	99:  "cannot assign requested address",
	100: "network is down",
	101: "network is unreachable",
	102: "network dropped connection on reset",
	103: "software caused connection abort",
	104: "connection reset by peer",
	105: "no buffer space available",
	106: "transport endpoint is already connected",
	107: "transport endpoint is not connected",
	108: "cannot send after transport endpoint shutdown",
	109: "too many references: cannot splice",
	110: "connection timed out",
	111: "connection refused",
	112: "host is down",
	113: "no route to host",
	114: "operation already in progress",
	115: "operation now in progress",
	116: "stale file handle",
	117: "structure needs cleaning",
	118: "not a XENIX named type file",
	119: "no XENIX semaphores available",
	120: "is a named type file",
	121: "remote I/O error",
	122: "disk quota exceeded",
	123: "no medium found",
	124: "wrong medium type",
	125: "operation canceled",
	126: "required key not available",
	127: "key has expired",
	128: "key has been revoked",
	129: "key was rejected by service",
	130: "owner died",
	131: "state not recoverable",
	132: "operation not possible due to RF-kill",
}
