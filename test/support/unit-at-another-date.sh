#!/usr/bin/env sh
# The unit project again, with the clock at another date (libfaketime; Debian's faketime): by default a
# Sunday 30 seconds before a month ends, so the run crosses into the next day, week and month. Another:
#   FAKED_CLOCK='2026-12-31 23:59:30' npm run test:any-date
# test/unit/faked-clock.test.ts checks that the clock the tests see is this one (docs/testing.md).
set -eu
export FAKED_CLOCK="${FAKED_CLOCK:-2027-01-31 23:59:30}"
exec faketime "$FAKED_CLOCK" npx vitest run --project unit "$@"
