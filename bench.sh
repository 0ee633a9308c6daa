#!/usr/bin/env bash
# Manifold's benchmark: perft and search speed, medians of RUNS runs (default 3),
# thread scaling and memory. Usage: ./bench.sh [quick]
#   quick: shallower perft, for a smoke run.
set -euo pipefail
cd "$(dirname "$0")"
RUNS=${RUNS:-3}
QUICK=${1:-}
cargo build --release --quiet
BIN=target/release/manifold

median() { sort -n | awk '{a[NR]=$1} END {if (NR==0) print 0; else if (NR%2) print a[(NR+1)/2]; else print int((a[NR/2]+a[NR/2+1])/2)}'; }

echo "# machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(date -u +%F)"
echo
echo "## perft (nodes/second, median of $RUNS)"
printf '%-16s %-6s %-9s %14s %14s %8s\n' variant depth threads nodes nps ratio
perft_line() { # variant depth [fen]
  local v=$1 d=$2 fen=${3:-}
  local one two nodes
  for t in 1 2; do
    local rates=()
    for _ in $(seq "$RUNS"); do
      if [ -n "$fen" ]; then out=$($BIN perft --variant "$v" --depth "$d" --threads "$t" --fen "$fen")
      else out=$($BIN perft --variant "$v" --depth "$d" --threads "$t"); fi
      nodes=$(echo "$out" | awk '/Nodes searched/ {print $3}')
      rates+=("$(echo "$out" | awk '/Nodes\/second/ {print $2}')")
    done
    local med
    med=$(printf '%s\n' "${rates[@]}" | median)
    if [ "$t" = 1 ]; then one=$med; else two=$med; fi
    printf '%-16s %-6s %-9s %14s %14s %8s\n' "$v" "$d" "$t" "$nodes" "$med" \
      "$([ "$t" = 2 ] && awk -v a="$two" -v b="$one" 'BEGIN{printf "%.2fx", a/b}' || echo -)"
  done
}
variants=$($BIN variants)
has() { echo "$variants" | grep -qx "$1"; }
if [ -n "$QUICK" ]; then
  has chess && perft_line chess 5
  has crazyhouse && perft_line crazyhouse 4
  has atomic && perft_line atomic 4
else
  has chess && perft_line chess 6
  has crazyhouse && perft_line crazyhouse 5
  has atomic && perft_line atomic 5
fi
has parallelworlds && perft_line parallelworlds 4
has triplane && perft_line triplane 7
# Pentaplane's start is the draft; perft the rules file's fixed-army play position.
has pentaplane && perft_line pentaplane 5 "nskor/ppppp/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/5/5|5/5/5/PPPPP/ROKSN w - - 0 1"
has platonic && perft_line platonic 4
has geodesic && perft_line geodesic 3

echo
echo "## variants file: file-defined against built-in (perft nodes/second, median of $RUNS, alternated)"
# variants/variants.toml redefines chess, crazyhouse and atomic as data; the same
# positions through the generic FileVariant and through the built-in bitboards.
VF=variants/variants.toml
printf '%-16s %-6s %14s %14s %8s\n' variant depth built-in file ratio
file_vs_builtin() { # builtin file depth
  local b=() f=()
  for _ in $(seq "$RUNS"); do
    b+=("$($BIN perft --variant "$1" --depth "$3" | awk '/Nodes\/second/ {print $2}')")
    f+=("$($BIN --variants "$VF" perft --variant "$2" --depth "$3" | awk '/Nodes\/second/ {print $2}')")
  done
  local mb mf
  mb=$(printf '%s\n' "${b[@]}" | median)
  mf=$(printf '%s\n' "${f[@]}" | median)
  printf '%-16s %-6s %14s %14s %8s\n' "$1" "$3" "$mb" "$mf" "$(awk -v a="$mf" -v b="$mb" 'BEGIN{printf "%.2fx", a/b}')"
}
file_vs_builtin chess chess-file 5
file_vs_builtin crazyhouse crazyhouse-file 4
file_vs_builtin atomic atomic-file 4
echo "search nodes/second of file-defined variants (depth-limited search from the start, 1 thread):"
for v in chess-file capablanca shatranj raumschach glinski; do
  rates=()
  for _ in $(seq "$RUNS"); do
    rates+=("$($BIN --variants "$VF" search --variant "$v" --depth 8 | awk '/^info depth/ {for (i = 1; i < NF; i++) if ($i == "nps") n = $(i + 1)} END {print n}')")
  done
  printf '%-16s %14s nps\n' "$v" "$(printf '%s\n' "${rates[@]}" | median)"
done
echo
echo "## search: bench signature and nodes/second per variant (median of $RUNS)"
declare -A nps_runs
sig=""
for _ in $(seq "$RUNS"); do
  out=$($BIN bench)
  sig=$(echo "$out" | awk '/Nodes searched/ {print $3}')
  while read -r v nodes ms; do
    nps_runs[$v]+="$(awk -v n="$nodes" -v m="$ms" 'BEGIN{if (m<1) m=1; printf "%d", n*1000/m}') "
  done < <(echo "$out" | awk '/ depth [0-9]+: / {v=$1; n=$4; m=$7; t[v]+=n; u[v]+=m} END {for (v in t) print v, t[v], u[v]}')
done
echo "bench signature: $sig nodes"
for v in "${!nps_runs[@]}"; do
  printf '%-16s %14s nps\n' "$v" "$(echo "${nps_runs[$v]}" | tr ' ' '\n' | grep . | median)"
done | sort

echo
echo "## time to depth, 1 vs 2 threads (ms, median of $RUNS)"
ttd() { # variant depth threads
  local ms=()
  for _ in $(seq "$RUNS"); do
    local t0 t1
    t0=$(date +%s%N)
    $BIN search --variant "$1" --depth "$2" --threads "$3" --hash 64 >/dev/null
    t1=$(date +%s%N)
    ms+=($(( (t1 - t0) / 1000000 )))
  done
  printf '%s\n' "${ms[@]}" | median
}
printf '%-16s %-6s %10s %10s %8s\n' variant depth 1-thread 2-threads speedup
# Depths where one thread needs about 0.4-4 s from the start on the project's VM (shallower
# searches finish in tens of milliseconds, where the ratio is mostly noise). Late-move
# pruning inside a turn (2026-11-28) made Parallel Worlds' and Tri-Plane's depths
# cheaper: Parallel Worlds 9 takes about 1.1 s since its evaluation caches levels,
# Tri-Plane 12 about 0.9 s. The second-round tables (2026-12-04) made them cheaper
# again: Parallel Worlds 9 took 0.13-0.19 s and Pentaplane 14 0.35 s, so they are now
# searched to 11 (about 1.5 s) and 16 (about 1.1 s).
for pair in chess:13 crazyhouse:14 atomic:15 parallelworlds:11 triplane:12 pentaplane:16 platonic:10 geodesic:8; do
  v=${pair%%:*}; d=${pair##*:}
  has "$v" || continue
  a=$(ttd "$v" "$d" 1); b=$(ttd "$v" "$d" 2)
  printf '%-16s %-6s %10s %10s %8s\n' "$v" "$d" "$a" "$b" "$(awk -v a="$a" -v b="$b" 'BEGIN{if (b<1) b=1; printf "%.2fx", a/b}')"
done

echo
echo "## time to depth, 1 vs 2 threads, over four openings per variant (median of $RUNS each, summed)"
# One start position is a noisy measure of Lazy SMP (one search's tree, and whether the
# threads happen to split it well, moves its ratio by +-0.5x from run to run); the
# sum over four positions of tools/smp-positions.txt, each searched on a fresh table
# through UCI, is steadier. Depths: one thread needs about 2-8 s for the four.
measured=""
for v in chess crazyhouse atomic parallelworlds triplane pentaplane platonic geodesic; do
  has "$v" && measured+="${measured:+,}$v"
done
python3 tools/smp_ttd.py "$BIN" --runs "$RUNS" --variants "$measured"

echo
echo "## datagen positions/second and tune speed, 1 vs 2 threads (median of $RUNS)"
# datagen: GAMES games at 2000 nodes a sub-move; tune: 200 epochs on the file made,
# in thousands of positions x epochs per second (epochs/s = that / positions).
GAMES=${GAMES:-8}
printf '%-16s %10s %10s %8s %10s %10s %8s\n' variant dg-1 dg-2 ratio tune-1 tune-2 ratio
tmp=$(mktemp -d)
for v in $variants; do
  declare -A dg=() tu=()
  for t in 1 2; do
    rates=(); epochs=()
    for r in $(seq "$RUNS"); do
      f="$tmp/$v-$t-$r.txt"
      out=$($BIN datagen --variant "$v" --games "$GAMES" --nodes 2000 --threads "$t" --seed "$r" --out "$f")
      rates+=("$(echo "$out" | sed -n 's/.* \([0-9]*\) positions\/s.*/\1/p')")
      out=$($BIN tune --variant "$v" "$f" --epochs 200 --validation 0 --threads "$t" 2>/dev/null)
      # Positions x epochs per second, in thousands: independent of the data's size.
      epochs+=("$(echo "$out" | awk '/^[0-9]+ positions \(/ {n=$1} / epochs\/s/ {for (i=1;i<=NF;i++) if ($i=="epochs/s") e=$(i-1)} END {printf "%d", n*e/1000}')")
    done
    dg[$t]=$(printf '%s\n' "${rates[@]}" | median)
    tu[$t]=$(printf '%s\n' "${epochs[@]}" | median)
  done
  printf '%-16s %10s %10s %8s %10s %10s %8s\n' "$v" "${dg[1]}" "${dg[2]}" \
    "$(awk -v a="${dg[2]}" -v b="${dg[1]}" 'BEGIN{if (b<1) b=1; printf "%.2fx", a/b}')" \
    "${tu[1]}" "${tu[2]}" "$(awk -v a="${tu[2]}" -v b="${tu[1]}" 'BEGIN{if (b<1) b=1; printf "%.2fx", a/b}')"
done
rm -rf "$tmp"

echo
echo "## memory: peak RSS against Hash"
printf '%-8s %12s\n' Hash_MB peak_RSS_MB
for h in 16 64 256 1024; do
  rss=$(/usr/bin/time -v $BIN search --variant chess --depth 8 --hash "$h" 2>&1 >/dev/null | awk '/Maximum resident/ {print int($6/1024)}')
  printf '%-8s %12s\n' "$h" "$rss"
done
