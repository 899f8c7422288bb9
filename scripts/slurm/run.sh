#!/bin/bash
# Submits a chainlab run as a Slurm job array of N shards and its merge job.
#
#   scripts/slurm/run.sh N RUN_DIR chainlab match bot:expert bot:greedy --games 400
#
# Prints the two job ids. The merged report lands in RUN_DIR/report.txt.
set -euo pipefail
n=$1
run_dir=$2
shift 2
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$run_dir"
array=$(sbatch --parsable --array=1-"$n" --chdir="$PWD" --output="$run_dir/shard-%a.log" \
    "$here/shards.sbatch" "$run_dir" "$@")
merge=$(sbatch --parsable --dependency=afterok:"$array" --chdir="$PWD" --output="$run_dir/merge.log" \
    "$here/merge.sbatch" "$run_dir" "$1")
echo "$array $merge"
