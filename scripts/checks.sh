#!/bin/sh
# The static checks of `npm test`, two at a time: the formatter and the type check of the tests and
# the web app run beside the server build and the checks that need it (the generated types, the
# call reference, the web lints). Each prints as it goes; any that fails fails the whole.
npm run --silent format:check > /tmp/cosmac-check-format.$$ 2>&1 &
format=$!
npm run --silent typecheck:tests-web > /tmp/cosmac-check-types.$$ 2>&1 &
types=$!
status=0
npm run codegen:check && node dist/codegen/calls-reference.js --check && npm run lint:web || status=1
wait $format || status=1
echo "== format:check"; cat /tmp/cosmac-check-format.$$
wait $types || status=1
echo "== typecheck:tests-web"; cat /tmp/cosmac-check-types.$$
rm -f /tmp/cosmac-check-format.$$ /tmp/cosmac-check-types.$$
[ $status -eq 0 ] && echo "checks: all passed" || echo "checks: FAILED"
exit $status
