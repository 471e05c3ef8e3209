#!/usr/bin/env bash
# The two small fonts of the public pages (issue 36), made from the packages' own files and
# committed: run this again only when @fontsource-variable/inter or primeicons change, or when a
# public page starts to use an icon not in PUBLIC_ICONS below. Needs Python 3 (fonttools is
# installed in a throwaway venv).
#
# - src/app/fonts/inter-latin-400-700.woff2 (24 kB; every page preloads it): Inter's Latin file
#   (48 kB) with the weight axis cut to the 400–700 the themes and the app use, and only the layout
#   features a Danish text needs (kerning, marks, composed letters, local forms, tabular figures).
# - src/app/fonts/primeicons-public.woff2 (7 kB instead of 35): the PrimeIcons the public pages
#   show. src/app/fonts/primeicons-public.css, written here too, declares it after the whole font
#   for just those characters: a page showing only these fetches only it, and a page showing any
#   other icon still gets the whole font.
set -euo pipefail
cd "$(dirname "$0")/.."

PUBLIC_ICONS=(
  angle-double-left angle-double-right angle-down angle-left angle-right angle-up arrow-left
  arrow-right building calendar check check-circle chevron-down chevron-left chevron-right
  chevron-up credit-card download envelope exclamation-circle exclamation-triangle file-excel
  file-pdf flag globe home image info-circle lock map-marker minus moon pencil plus refresh
  replay save search shop shopping-bag shopping-cart sign-in sign-out spinner star sun th-large
  ticket times times-circle trash user user-edit
)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 -m venv "$work/venv"
"$work/venv/bin/pip" install --quiet 'fonttools[woff]==4.*'
fonttools=$work/venv/bin/fonttools
subset=$work/venv/bin/pyftsubset

# Inter: the Latin range of @fontsource's file (and of its @font-face in src/app/font.css).
latin='U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD'
"$fonttools" varLib.instancer node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2 \
  wght=400:700 -q -o "$work/inter.ttf"
"$subset" "$work/inter.ttf" --unicodes="$latin" --layout-features='kern,mark,mkmk,ccmp,locl,tnum' \
  --flavor=woff2 --output-file=src/app/fonts/inter-latin-400-700.woff2

# PrimeIcons: each icon's character, from the package's style sheet.
codepoints=$(ICONS="${PUBLIC_ICONS[*]}" python3 - <<'PY'
import os, re, sys
css = open('node_modules/primeicons/primeicons.css').read()
found = {name: code for name, code in re.findall(r'\.pi-([a-z0-9-]+):before\s*\{\s*content:\s*"\\([0-9a-f]+)"', css)}
wanted = os.environ['ICONS'].split()
missing = [name for name in wanted if name not in found]
if missing:
    sys.exit(f'not in primeicons.css: {missing}')
print(','.join(sorted('U+' + found[name].upper() for name in wanted)))
PY
)
"$subset" node_modules/primeicons/fonts/primeicons.woff2 --unicodes="$codepoints" \
  --flavor=woff2 --output-file=src/app/fonts/primeicons-public.woff2
cat >src/app/fonts/primeicons-public.css <<CSS
/* Made by scripts/subset-fonts.sh: do not edit. The PrimeIcons of the public pages, declared after
   the whole font (main.tsx imports primeicons.css first), so these characters come from this file. */
@font-face {
  font-family: 'primeicons';
  font-display: block;
  font-weight: normal;
  font-style: normal;
  src: url('./primeicons-public.woff2') format('woff2');
  unicode-range: ${codepoints//,/, };
}
CSS
npx prettier --log-level warn --write src/app/fonts/primeicons-public.css
ls -l src/app/fonts/
