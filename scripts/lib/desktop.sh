# Shared by the scripts that drive the real app in a virtual X display
# (gui-walk.sh, gui-sizes.sh, lesson-shots.sh); sourced, not run.

# need_tools COMMAND=PACKAGE...: installs Debian's PACKAGE for each COMMAND
# that is missing (as root, or through sudo).
need_tools() {
    local need=() pair
    for pair in "$@"; do
        command -v "${pair%%=*}" >/dev/null || need+=("${pair#*=}")
    done
    if [ ${#need[@]} -gt 0 ]; then
        echo "installing ${need[*]}"
        local sudo=""
        [ "$(id -u)" -eq 0 ] || sudo="sudo"
        $sudo apt-get update -qq
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}" >/dev/null
    fi
}

# chainlab_binary: sets CHAINLAB to the binary to drive: CHAINLAB as given,
# else the debug build (built now) in CARGO_TARGET_DIR or target/.
chainlab_binary() {
    if [ -z "${CHAINLAB:-}" ]; then
        cargo build --quiet
        CHAINLAB="$(realpath -m "${CARGO_TARGET_DIR:-target}")/debug/chainlab"
    fi
}
