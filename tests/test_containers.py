"""The container files. No Docker engine here (nor in CI), and image registries are out of reach,
so the image is not built and the compose stacks are not started. What is checked: compose.yaml
by ``docker-compose config`` (.ci/run installs it; the test fails in CI without it), the two stacks'
wiring, the cluster stack's own Valkey commands run here on the embedded binaries (three masters
joined by cluster-init's command, which gm's readiness sees as a cluster), and the Dockerfile's
shape (slim Python, non-root, `gm serve` on 0.0.0.0, what it copies is what the wheel test
builds: tests/test_package.py)."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
from pathlib import Path

import pytest
import yaml

from gm.store.cluster import free_port as free_node_port
from tests.real_server import ROOT

pytestmark = pytest.mark.slow  # the slow tier: compose files through docker-compose

COMPOSE = ROOT / "compose.yaml"


def _compose() -> dict:
    return yaml.safe_load(COMPOSE.read_text())


def _docker_compose() -> str:
    tool = shutil.which("docker-compose")
    if tool is None:
        if os.environ.get("CI") == "true":
            pytest.fail("docker-compose is missing: .ci/run installs it")
        pytest.skip("docker-compose is not installed (apt-get install docker-compose)")
    return tool


@pytest.mark.parametrize("profile", [[], ["--profile", "cluster"]], ids=["single", "cluster"])
def test_docker_compose_validates_compose_yaml(profile, tmp_path):
    tool = _docker_compose()
    check = [tool, "-f", str(COMPOSE), *profile, "config", "--services"]
    done = subprocess.run(check, capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    services = set(done.stdout.split())
    assert {"gm", "valkey"} <= services
    if profile:
        assert {"gm-cluster", "valkey-1", "valkey-2", "valkey-3", "cluster-init"} <= services
    # and the validator does refuse a broken file
    broken = tmp_path / "compose.yaml"
    broken.write_text(COMPOSE.read_text().replace("condition: service_healthy", "condition: 3", 1))
    bad = subprocess.run(
        [tool, "-f", str(broken), "config", "-q"], capture_output=True, text=True, timeout=60
    )
    assert bad.returncode != 0


def test_each_gm_service_points_at_a_redis_of_its_stack():
    services = _compose()["services"]
    single, cluster = services["gm"], services["gm-cluster"]
    assert single["environment"]["REDIS_URL"] == "redis://valkey:6379/0"
    assert "valkey" in single["depends_on"]
    url = cluster["environment"]["REDIS_URL"]
    assert url.startswith("redis+cluster://")  # the cluster URL form (README, "Redis Cluster")
    host = url.removeprefix("redis+cluster://").split(":")[0]
    assert host in services and "cluster" in services[host]["profiles"]
    assert cluster["depends_on"]["cluster-init"]["condition"] == "service_completed_successfully"
    for service in (single, cluster):
        assert service["build"] == "." and service["ports"][0].endswith(":8000")


def _wait_port(port: int, process: subprocess.Popen) -> None:
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        assert process.poll() is None, "a cluster node exited"
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return
        except OSError:
            time.sleep(0.05)
    raise AssertionError(f"node on {port} did not start")


def test_the_cluster_stacks_commands_make_a_cluster_gm_sees(tmp_path):
    """valkey-1..3's commands and cluster-init's, as compose.yaml has them, on the embedded
    binaries: hostnames → localhost, port 6379 → a free port each."""
    from redis.cluster import RedisCluster

    from gm.play.readiness import readiness
    from gm.store.embedded import server_binary

    server = server_binary()
    cli = str(Path(server).with_name("valkey-cli"))
    services = _compose()["services"]
    nodes = ["valkey-1", "valkey-2", "valkey-3"]
    ports = {name: free_node_port() for name in nodes}  # with a free bus port (+10000)

    def local(word: str) -> str:
        for name in nodes:
            word = word.replace(f"{name}:6379", f"localhost:{ports[name]}")
        word = word.replace("-h valkey-1 -p 6379", f"-h localhost -p {ports['valkey-1']}")
        return word.replace("valkey-cli", cli)

    processes = []
    try:
        for name in nodes:
            command = list(services[name]["command"])
            assert command[0] == "valkey-server"
            command[0] = server
            command[command.index("--port") + 1] = str(ports[name])
            host = command.index("--cluster-announce-hostname") + 1
            assert command[host] == name
            command[host] = "localhost"
            data = tmp_path / name
            data.mkdir()
            command += ["--dir", str(data), "--bind", "127.0.0.1", "--save", ""]
            log = open(tmp_path / f"{name}.log", "wb")  # noqa: SIM115 (closed with the process)
            processes.append(subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT))
        for name, process in zip(nodes, processes, strict=True):
            _wait_port(ports[name], process)
        init = services["cluster-init"]
        assert init["entrypoint"] == ["sh", "-c"]
        script = local(init["command"][0])
        for _ in range(2):  # a second start of the stack finds the cluster formed: no error
            done = subprocess.run(["sh", "-c", script], capture_output=True, text=True, timeout=60)
            assert done.returncode == 0, done.stdout + done.stderr
        client = RedisCluster(host="localhost", port=ports["valkey-1"], socket_timeout=5)
        deadline = time.monotonic() + 15
        while True:
            try:
                answer = readiness(client)
                break
            except Exception:
                assert time.monotonic() < deadline, "the cluster did not become ready"
                time.sleep(0.2)
        assert answer["redis"]["kind"] == "cluster" and answer["redis"]["answers"] is True
        assert len(client.get_primaries()) == 3
        client.close()
    finally:
        for process in processes:
            process.terminate()
        for process in processes:
            process.wait(timeout=10)


def test_the_dockerfile_serves_gm_on_all_interfaces_as_a_non_root_user():
    lines = [
        line.strip()
        for line in (ROOT / "Dockerfile").read_text().splitlines()
        if line.strip() and not line.lstrip().startswith("#")
    ]
    base = lines[0].split()
    assert base[0] == "FROM" and base[1].startswith("python:3.") and base[1].endswith("-slim")
    users = [line.split()[1] for line in lines if line.startswith("USER ")]
    assert users and users[-1] not in ("root", "0")
    assert "useradd" in (ROOT / "Dockerfile").read_text()
    assert lines[-1] == 'CMD ["gm", "serve"]'
    assert any("GM_HOST=0.0.0.0" in line for line in lines)
    copied = [
        w
        for line in lines
        if line.startswith("COPY ") and "--from=" not in line
        for w in line.split()[1:-1]
    ]
    ignored = (ROOT / ".dockerignore").read_text().split()
    for name in copied:
        assert (ROOT / name).exists() and name not in ignored, name
    # the image has no embedded server: its pip install names no extra
    install = [line for line in lines if "pip install" in line]
    assert install and all("[" not in line for line in install)
