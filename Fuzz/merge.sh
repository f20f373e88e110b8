#!/usr/bin/env bash
# Folds the inputs a fuzzing run found (Fuzz/.build/work/TARGET) into the committed corpus (Fuzz/Corpus/TARGET).
#
#   Fuzz/merge.sh TARGET
#
# Only inputs that reach code edges the corpus does not reach yet are added, the fewest that cover them all
# (-set_cover_merge, and -use_counters=0 so that hit counts do not count as new): the corpus stays a few hundred
# small files with the coverage of the thousands a run keeps.
set -euo pipefail
cd "$(dirname "$0")/.."

target=${1:?usage: Fuzz/merge.sh TARGET}
export SWIFT_BACKTRACE=enable=no
Fuzz/.build/fuzz/"$target" -set_cover_merge=1 -use_counters=0 -rss_limit_mb=512 -timeout=10 \
    Fuzz/Corpus/"$target" Fuzz/.build/work/"$target" 2>&1 | grep -a 'MERGE-OUTER: .* new files'
echo "Fuzz/Corpus/$target: $(ls Fuzz/Corpus/"$target" | wc -l) files"
