#!/bin/bash
# Brings up a real one-node Slurm cluster on this machine, runs a chainlab
# tournament on it as a 4-task job array plus a merge job
# (scripts/slurm/), checks the merged report equals the one-process
# report, and stops the daemons it started (docs/cluster.md).
#
#   scripts/slurm-test.sh [CHAINLAB_BINARY]      (as root; default target/debug/chainlab)
#
# Installs slurm-wlm and munge from Debian when they are missing. Uses its
# own slurm.conf (one node: this host, 2 CPUs) in a temporary folder and
# its own ports, so a Slurm already configured on the machine is not touched.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
bin=$(realpath "${1:-${CARGO_TARGET_DIR:-$here/target}/debug/chainlab}")
[ -x "$bin" ] || { echo "slurm-test: no chainlab binary at $bin (cargo build first)" >&2; exit 1; }
if [ "$(id -u)" != 0 ]; then
    echo "slurm-test: needs root (to start munged, slurmctld and slurmd)" >&2
    exit 1
fi
if ! command -v slurmctld > /dev/null || ! command -v munged > /dev/null; then
    echo "== installing slurm-wlm and munge"
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends slurm-wlm munge > /dev/null
fi
began=$(date +%s)
work=$(mktemp -d /tmp/chainlab-slurm.XXXXXX)
chmod 755 "$work"
host=$(hostname -s)
started=()
stop() {
    for pidfile in "${started[@]}"; do
        [ -f "$pidfile" ] && kill "$(cat "$pidfile")" 2> /dev/null || true
    done
    sleep 1
}
trap stop EXIT

echo "== munge"
if [ ! -s /etc/munge/munge.key ]; then
    mungekey --create --keyfile=/etc/munge/munge.key 2> /dev/null || create-munge-key -f
    chown munge:munge /etc/munge/munge.key
    chmod 400 /etc/munge/munge.key
fi
if ! munge -n > /dev/null 2>&1; then
    mkdir -p /run/munge /var/log/munge /var/lib/munge
    chown munge:munge /run/munge /var/log/munge /var/lib/munge
    runuser -u munge -- munged --pid-file=/run/munge/munged.pid
    started+=(/run/munge/munged.pid)
    sleep 1
fi
munge -n | unmunge > /dev/null && echo "munge works"

echo "== slurm.conf for $host (2 CPUs) in $work"
mkdir -p "$work/state" "$work/spool"
cat > "$work/slurm.conf" <<CONF
ClusterName=chainlab
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
SlurmctldPort=6917
SlurmdPort=6918
AuthType=auth/munge
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
MpiDefault=none
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
NodeName=$host CPUs=2 State=UNKNOWN
PartitionName=test Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF=$work/slurm.conf
slurmctld -f "$SLURM_CONF"
started+=("$work/slurmctld.pid")
slurmd -f "$SLURM_CONF"
started+=("$work/slurmd.pid")
for _ in $(seq 60); do
    sinfo -h -o %T 2> /dev/null | grep -q idle && break
    sleep 1
done
sinfo

run=(tournament bot:random bot:greedy bot:mcts:iters=20 --games 8 --seed 11)
echo "== one process: chainlab ${run[*]}"
(cd "$work" && "$bin" "${run[@]}" --threads 2 > whole.txt)
echo "== Slurm: a 4-task array and its merge job"
ids=$(cd "$work" && "$here/scripts/slurm/run.sh" 4 "$work/run" "$bin" "${run[@]}")
echo "jobs: $ids"
merge_id=${ids##* }
for _ in $(seq 300); do
    state=$(scontrol show job "$merge_id" 2> /dev/null | grep -o 'JobState=[A-Z]*' | cut -d= -f2 || true)
    case "$state" in
        COMPLETED | FAILED | CANCELLED | TIMEOUT | NODE_FAIL | OUT_OF_MEMORY) break ;;
    esac
    sleep 1
done
echo "merge job: $state"
squeue || true
if [ "$state" != COMPLETED ]; then
    tail -n 20 "$work"/run/*.log "$work/slurmctld.log" "$work/slurmd.log" >&2 || true
    exit 1
fi
if diff -u "$work/whole.txt" "$work/run/report.txt"; then
    echo "== the merged report equals the one-process report"
    cat "$work/run/report.txt"
else
    echo "== the merged report DIFFERS from the one-process report" >&2
    exit 1
fi
echo "slurm-test: passed in $(( $(date +%s) - began )) s (after install)"
