# tools/completion/roomforge.bash: bash completion for roomforge, installed
# as share/bash-completion/completions/roomforge. Everything comes from the
# roomforge being completed, so it never disagrees with it: the subcommands
# and each one's --format values from `roomforge --help`, a subcommand's
# options from `roomforge CMD --help`, profile names from
# `roomforge list --profiles` and room names from `roomforge list --format
# json` (both over the --content and --scripts already on the line, else the
# bundled content). Room names with blanks or quotes are completed escaped.

# The --content/--scripts pairs of the line, for list to read the same pack.
_roomforge_pack_args()
{
    local i w
    for ((i = 2; i < COMP_CWORD; i++)); do
        w=${COMP_WORDS[i]}
        case $w in
        --content | --scripts) printf '%s\n' "$w" "${COMP_WORDS[i + 1]}" ;;
        --content=* | --scripts=*) printf '%s\n' "$w" ;;
        esac
    done
}

# Completes the current word from names, one a line, escaped for the shell.
_roomforge_names()
{
    local cur=$1 names=$2 name want
    want=${cur//\\/}
    want=${want#[\"\']}
    COMPREPLY=()
    while IFS= read -r name; do
        [[ -n $name && $name == "$want"* ]] || continue
        COMPREPLY+=("$(printf '%q' "$name")")
    done <<<"$names"
}

_roomforge()
{
    local cur prev cmd words help
    local -a pack
    cur=${COMP_WORDS[COMP_CWORD]}
    prev=${COMP_WORDS[COMP_CWORD - 1]}
    local rf=${COMP_WORDS[0]}
    if ((COMP_CWORD == 1)); then
        words=$("$rf" --help 2>/dev/null | sed -n 's/^  \([a-z][a-z]*\) .*/\1/p')
        COMPREPLY=($(compgen -W "$words help --help --version" -- "$cur"))
        return
    fi
    cmd=${COMP_WORDS[1]}
    mapfile -t pack < <(_roomforge_pack_args)
    case $prev in
    --content | --scripts)
        COMPREPLY=($(compgen -d -- "$cur"))
        return ;;
    -o | --recipe | --rooms-file | --merge | --save | --resume)
        COMPREPLY=($(compgen -f -- "$cur"))
        return ;;
    --scenario)
        COMPREPLY=($(compgen -d -- "$cur") $(compgen -f -X '!*.scn' -- "$cur"))
        return ;;
    --profile)
        words=$("$rf" list "${pack[@]}" --profiles 2>/dev/null | awk '{print $1}')
        COMPREPLY=($(compgen -W "$words" -- "$cur"))
        return ;;
    --room)
        _roomforge_names "$cur" "$("$rf" list "${pack[@]}" --format json 2>/dev/null |
            grep -o '"name":"[^"]*"' | sed 's/^"name":"//; s/"$//')"
        return ;;
    --format)
        help=$("$rf" --help 2>/dev/null | awk -v c="$cmd" '
            /^  [a-z]/ { on = ($1 == c) } on { print }')
        words=$(printf '%s\n' "$help" | grep -o -- '--format [a-z|]*' | head -1 |
            sed 's/^--format //; s/|/ /g')
        COMPREPLY=($(compgen -W "$words" -- "$cur"))
        return ;;
    --coords)
        COMPREPLY=($(compgen -W "template room" -- "$cur"))
        return ;;
    --config | --baseline)
        COMPREPLY=($(compgen -f -- "$cur"))
        return ;;
    --orient)
        COMPREPLY=($(compgen -W "0 1 2 3 4 5 6 7" -- "$cur"))
        return ;;
    --seed | --depth | --size | --scale | --count | --depths | --difficulty | --jobs | \
        --shard | --disable | --enable | --serve | --tile)
        return ;; # a value the user types
    esac
    if [[ $cur == -* ]]; then
        words=$("$rf" "$cmd" --help 2>/dev/null | grep -o -- '--[a-z][a-z-]*\|^  -o' | sort -u)
        COMPREPLY=($(compgen -W "$words" -- "$cur"))
        return
    fi
    case $cmd in
    show | export) # the ROOM operand
        _roomforge_names "$cur" "$("$rf" list "${pack[@]}" --format json 2>/dev/null |
            grep -o '"name":"[^"]*"' | sed 's/^"name":"//; s/"$//')" ;;
    lint) COMPREPLY=($(compgen -f -- "$cur")) ;;
    import) COMPREPLY=($(compgen -d -- "$cur") $(compgen -f -X '!*.tmx' -- "$cur")) ;;
    init) COMPREPLY=($(compgen -d -- "$cur")) ;; # the DIR operand
    lsp) COMPREPLY=() ;; # no operand: an editor talks to it on stdin
    esac
}
complete -F _roomforge roomforge
