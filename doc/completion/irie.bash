# bash completion for irie(1): commands, each command's options, option
# values, files for "irie view", "irie extract" and "irie check --extract".  Installed as
# $datadir/bash-completion/completions/irie (loaded on demand).
# tests/doc/test_completion.py runs it against irie's command table.

_irie()
{
    local cur prev words cword split
    _init_completion -s || return

    local commands='to-uri to-iri check extract host explain resolve compare display show view'
    # A few ASCII-compatible, stateless charsets ICU knows (irie to-iri
    # refuses the others); any ICU converter name may be typed.
    local charsets='Shift_JIS EUC-JP EUC-KR GBK GB18030 Big5 ISO-8859-1
        ISO-8859-2 ISO-8859-5 ISO-8859-7 ISO-8859-8 ISO-8859-15 windows-1250
        windows-1251 windows-1252 windows-1253 windows-1255 windows-1256
        KOI8-R KOI8-U TIS-620'

    # The command: the first word that is not an option ("irie --json check").
    local cmd='' i
    for ((i = 1; i < cword; i++)); do
        case ${words[i]} in
            --) break ;;
            -*) ;;
            *) cmd=${words[i]}; break ;;
        esac
    done

    case $prev in
        --host)
            case $cmd in
                to-uri) COMPREPLY=($(compgen -W 'idna percent zld' -- "$cur")) ;;
                to-iri) COMPREPLY=($(compgen -W 'keep unicode' -- "$cur")) ;;
            esac
            return ;;
        --charset)
            COMPREPLY=($(compgen -W "$charsets" -- "$cur"))
            return ;;
        --type | --extract)
            COMPREPLY=($(compgen -W 'auto text html xml turtle ntriples nquads markdown json' -- "$cur"))
            return ;;
        --form)
            COMPREPLY=($(compgen -W 'marked visual visual_rfc3987 visual_plain logical' -- "$cur"))
            return ;;
        --print)
            COMPREPLY=($(compgen -W 'iri uri' -- "$cur"))
            return ;;
        --bidi)
            COMPREPLY=($(compgen -W 'auto visual logical' -- "$cur"))
            return ;;
        --columns)
            COMPREPLY=($(compgen -W 'code-points bytes' -- "$cur"))
            return ;;
    esac
    $split && return

    # After "--" only inputs follow (a file, for view).
    local ended=false
    for ((i = 1; i < cword; i++)); do
        [[ ${words[i]} == -- ]] && ended=true
    done

    if [[ $cur == -* ]] && ! $ended; then
        local opts
        case $cmd in
            '') opts='--print= --strict --no-mouse --bidi= --json --help --version' ;;
            to-uri) opts='--nfc --host= --json --help' ;;
            to-iri) opts='--host= --charset= --json --help' ;;
            check) opts='--charset= --json --extract= --sarif --columns= --help' ;;
            extract) opts='--charset= --json --type= --columns= --help' ;;
            host | explain | resolve | compare) opts='--json --help' ;;
            display) opts='--form= --no-shape --json --help' ;;
            view) opts='--charset= --extract= --help' ;;
            show) opts='--help' ;;
            *) return ;;
        esac
        COMPREPLY=($(compgen -W "$opts" -- "$cur"))
        [[ ${COMPREPLY-} == *= ]] && compopt -o nospace
        return
    fi

    if [[ -z $cmd ]]; then
        COMPREPLY=($(compgen -W "$commands" -- "$cur"))
        return
    fi
    # Documents: view's file, extract's, check's with --extract, --sarif, --charset or --columns.
    case $cmd in
        view | extract) _filedir ;;
        check)
            for ((i = 1; i < cword; i++)); do
                [[ ${words[i]} == --extract* || ${words[i]} == --sarif || ${words[i]} == --charset* || ${words[i]} == --columns* ]] && { _filedir; return; }
            done ;;
    esac
} &&
    complete -F _irie irie

# ex: filetype=sh
