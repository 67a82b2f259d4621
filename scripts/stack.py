"""Start Mesa's full stack from locally installed servers.

PostgreSQL and Redis on free loopback ports (data in a temporary folder),
N daphne processes, one Celery worker and one beat, all as child processes.
Used by `make stack`, by the stack tests and by bench/load.py. PostgreSQL
refuses to run as root, so as root its commands run as the `postgres` user.

    python -m scripts.stack --daphne 2 --port 8000
"""

import argparse
import contextlib
import glob
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable


class ServiceMissing(RuntimeError):
    """A server binary this machine does not have."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_port(port: int, timeout: float = 30.0, proc: subprocess.Popen | None = None) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if proc is not None and proc.poll() is not None:
            raise RuntimeError(f"process {proc.args} exited with {proc.returncode} before listening on {port}")
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=0.5):
            return
        time.sleep(0.1)
    raise TimeoutError(f"nothing listens on port {port} after {timeout}s")


def redis_binary() -> str:
    path = shutil.which("redis-server")
    if not path:
        raise ServiceMissing("redis-server is not installed")
    return path


def postgres_bindir() -> Path:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if found:
        return Path(found[-1]).parent
    initdb = shutil.which("initdb")
    if initdb:
        return Path(initdb).parent
    raise ServiceMissing("PostgreSQL (initdb) is not installed")


def _as_postgres(cmd: list[str]) -> list[str]:
    if os.geteuid() == 0:
        return ["runuser", "-u", "postgres", "--", *cmd]
    return cmd


@dataclass
class Proc:
    name: str
    popen: subprocess.Popen
    port: int | None = None
    log: Path | None = None

    def alive(self) -> bool:
        return self.popen.poll() is None

    def kill(self, sig: int = signal.SIGKILL) -> None:
        if self.alive():
            self.popen.send_signal(sig)
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.popen.wait(10)

    def stop(self, grace: float = 10.0) -> None:
        if self.alive():
            self.popen.terminate()
            try:
                self.popen.wait(grace)
            except subprocess.TimeoutExpired:
                self.popen.kill()
                self.popen.wait(5)


@dataclass
class Stack:
    """The processes of one stack; stop() ends them all."""

    workdir: Path
    env: dict = field(default_factory=dict)
    procs: list[Proc] = field(default_factory=list)
    redis_port: int | None = None
    pg_port: int | None = None

    def _spawn(self, name: str, cmd: list[str], env: dict | None = None, port: int | None = None) -> Proc:
        log = self.workdir / f"{name}.log"
        handle = open(log, "ab")  # noqa: SIM115 - closed with the process
        popen = subprocess.Popen(
            cmd, cwd=ROOT, env=env or self.env, stdout=handle, stderr=subprocess.STDOUT, start_new_session=True
        )
        proc = Proc(name, popen, port, log)
        self.procs.append(proc)
        return proc

    # -- servers ---------------------------------------------------------
    def start_redis(self) -> str:
        self.redis_port = self.redis_port or free_port()
        cmd = [
            redis_binary(),
            "--port",
            str(self.redis_port),
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            "--appendonly",
            "no",
        ]
        proc = self._spawn("redis", cmd + ["--dir", str(self.workdir)], env=os.environ.copy(), port=self.redis_port)
        wait_for_port(self.redis_port, proc=proc.popen)
        url = f"redis://127.0.0.1:{self.redis_port}/0"
        self.env["REDIS_URL"] = url
        return url

    def start_postgres(self) -> str:
        bindir = postgres_bindir()
        data = self.workdir / "pgdata"
        sockdir = self.workdir / "pgsock"
        if not data.exists():
            data.mkdir(parents=True)
            sockdir.mkdir(parents=True, exist_ok=True)
            if os.geteuid() == 0:
                shutil.chown(self.workdir, "postgres")
                shutil.chown(data, "postgres")
                shutil.chown(sockdir, "postgres")
            subprocess.run(
                _as_postgres([str(bindir / "initdb"), "-D", str(data), "-U", "postgres", "--auth=trust", "-E", "UTF8"]),
                check=True,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        self.pg_port = self.pg_port or free_port()
        cmd = _as_postgres(
            [
                str(bindir / "postgres"),
                "-D",
                str(data),
                "-p",
                str(self.pg_port),
                "-k",
                str(sockdir),
                "-c",
                "listen_addresses=127.0.0.1",
                "-c",
                "fsync=off",
                "-c",
                "max_connections=200",
            ]
        )
        proc = self._spawn("postgres", cmd, env=os.environ.copy(), port=self.pg_port)
        wait_for_port(self.pg_port, proc=proc.popen)
        for _ in range(50):
            done = subprocess.run(
                [str(bindir / "psql"), "-h", "127.0.0.1", "-p", str(self.pg_port), "-U", "postgres", "-c", "select 1"],
                capture_output=True,
            )
            if done.returncode == 0:
                break
            time.sleep(0.2)
        subprocess.run(
            [str(bindir / "createdb"), "-h", "127.0.0.1", "-p", str(self.pg_port), "-U", "postgres", "mesa"],
            capture_output=True,
        )
        url = f"postgres://postgres@127.0.0.1:{self.pg_port}/mesa"
        self.env["DATABASE_URL"] = url
        return url

    def restart(self, name: str) -> None:
        """Stop and start a server again on the same port (fault tests)."""
        for proc in [p for p in self.procs if p.name == name]:
            proc.stop()
            self.procs.remove(proc)
        {"redis": self.start_redis, "postgres": self.start_postgres}[name]()

    # -- Mesa processes ----------------------------------------------------
    def migrate(self) -> None:
        subprocess.run([PYTHON, "manage.py", "migrate", "--noinput", "-v", "0"], cwd=ROOT, env=self.env, check=True)

    def start_daphne(self, port: int | None = None, name: str | None = None) -> Proc:
        port = port or free_port()
        cmd = [PYTHON, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port), "config.asgi:application"]
        proc = self._spawn(name or f"daphne-{port}", cmd, port=port)
        wait_for_port(port, proc=proc.popen)
        return proc

    def start_worker(self, name: str = "worker") -> Proc:
        # One task at a time in the worker's own thread (docs/operations.md: a thread pool cost a
        # bot move 0.4 ms more on average); MESA_WORKER_POOL, e.g. "--pool=threads -c 4", to compare.
        pool = os.environ.get("MESA_WORKER_POOL", "--pool=solo").split()
        cmd = [PYTHON, "-m", "celery", "-A", "config", "worker", *pool, "-l", "WARNING"]
        return self._spawn(name, cmd + ["-n", f"{name}-{os.getpid()}@%h", "--without-gossip", "--without-mingle"])

    def start_beat(self) -> Proc:
        schedule = self.workdir / "beat-schedule"
        return self._spawn(
            "beat", [PYTHON, "-m", "celery", "-A", "config", "beat", "-l", "WARNING", "-s", str(schedule)]
        )

    def stop(self) -> None:
        for proc in reversed(self.procs):
            # An embedded-mode daphne waits for its worker threads on SIGTERM; nothing
            # of ours needs more than a moment to stop cleanly.
            proc.stop(grace=10.0 if proc.name in ("postgres", "redis") else 3.0)
        self.procs.clear()

    def logs(self) -> str:
        out = []
        for proc in self.procs:
            if proc.log and proc.log.exists():
                out.append(f"--- {proc.name}\n{proc.log.read_text(errors='replace')[-4000:]}")
        return "\n".join(out)


def base_env(**extra: str) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST")}
    env.pop("DJANGO_SETTINGS_MODULE", None)
    env.update({"DJANGO_SETTINGS_MODULE": "config.settings", "PYTHONUNBUFFERED": "1"})
    env.update(extra)
    return env


def new_stack(**extra_env: str) -> Stack:
    workdir = Path(tempfile.mkdtemp(prefix="mesa-stack-"))
    os.chmod(workdir, 0o755)
    return Stack(workdir=workdir, env=base_env(MESA_VAR_DIR=str(workdir / "var"), **extra_env))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--daphne", type=int, default=2, help="number of daphne processes")
    parser.add_argument("--port", type=int, default=8000, help="port of the first daphne")
    args = parser.parse_args()
    stack = new_stack()
    try:
        print("redis:", stack.start_redis())
        print("postgres:", stack.start_postgres())
        stack.migrate()
        subprocess.run([PYTHON, "manage.py", "ensure_local_staff"], cwd=ROOT, env=stack.env, check=False)
        for i in range(args.daphne):
            proc = stack.start_daphne(args.port + i)
            print(f"daphne: http://127.0.0.1:{proc.port}/")
        stack.start_worker()
        stack.start_beat()
        print(f"logs in {stack.workdir}; Ctrl-C stops everything")
        while all(p.alive() for p in stack.procs):
            time.sleep(1)
        print("a process ended:\n" + stack.logs())
    except KeyboardInterrupt:
        pass
    finally:
        stack.stop()


if __name__ == "__main__":
    main()
