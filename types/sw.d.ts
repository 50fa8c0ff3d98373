// What the build writes into sw.js (scripts/build_site.py): the files this version precaches.
declare const __PRECACHE__: string[];
