//go:build unix

package enginetest

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"syscall"
	"testing"
	"time"
)

// ServeTCP serves the engine at path over TCP on 127.0.0.1 the way package
// uci documents it, with socat forking one engine per connection (path
// may carry arguments after a space: socat splits EXEC's command line):
//
//	socat TCP-LISTEN:PORT,bind=127.0.0.1,reuseaddr,fork EXEC:PATH
//
// It returns the address once socat listens, and a function that kills
// socat and every engine it started (also run when the test ends). A
// missing socat fails the test: scripts/test-deps.sh installs it.
func ServeTCP(tb testing.TB, path string) (addr string, kill func()) {
	tb.Helper()
	socat, err := exec.LookPath("socat")
	if err != nil {
		socat = "/usr/bin/socat"
		if _, err := os.Stat(socat); err != nil {
			tb.Fatalf("socat is needed: run scripts/test-deps.sh (make test does) (%v)", err)
		}
	}
	// A free port: the kernel picks one, we let it go and socat takes it.
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	if err := l.Close(); err != nil {
		tb.Fatal(err)
	}
	addr = fmt.Sprintf("127.0.0.1:%d", port)

	cmd := exec.Command(socat, fmt.Sprintf("TCP-LISTEN:%d,bind=127.0.0.1,reuseaddr,fork", port), "EXEC:"+path)
	// A process group of its own, so one kill ends socat, its forks and
	// their engines.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		tb.Fatalf("starting socat: %v", err)
	}
	killed := false
	kill = func() {
		if !killed {
			killed = true
			_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
			_ = cmd.Wait()
		}
	}
	tb.Cleanup(kill)

	// Wait until socat listens. The probe's engine gets end of input at
	// once and exits.
	deadline := time.Now().Add(5 * time.Second)
	for {
		c, err := net.DialTimeout("tcp", addr, time.Second)
		if err == nil {
			_ = c.Close()
			return addr, kill
		}
		if time.Now().After(deadline) {
			kill()
			tb.Fatalf("socat did not listen on %s: %v", addr, err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
