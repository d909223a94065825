/** The name of the meta tag that carries the entry module's URL. */
export const APP_ENTRY_META = 'app-entry'

/**
 * The one inline script of the page shell: it requests the SPA's entry module
 * after the first paint instead of alongside the stylesheet.
 *
 * Why: public pages arrive already rendered (docs/decisions/050-...). Their first
 * paint needs only the HTML and the CSS; fetching the ~120 KB entry at the same
 * time competes with the CSS for a slow link and, in Lighthouse's model, puts
 * the whole download in front of the paint. Requested after the paint, the same
 * bytes arrive one frame later and the copy is visible meanwhile (it is inert
 * until the SPA replaces it, so nothing a visitor does is lost).
 *
 * The build (vite.config.ts) replaces Vite's entry `<script type="module">` with
 * `<meta name="app-entry">` plus this script; the Worker allows exactly this
 * text in its Content-Security-Policy by hash (worker/http/security-headers.ts),
 * so it stays constant whatever the bundle's file names are.
 *
 * It waits for the whole document (DOMContentLoaded) so the SPA never starts on
 * a half-parsed page, then for the browser's first-contentful-paint entry (an
 * animation frame where Paint Timing is missing), and never more than 3 s.
 * Pages without a server copy (/login, /admin) have nothing to paint first and
 * boot at once, as does a hidden tab (opened in the background, prerendered),
 * which does not paint.
 */
export const BOOT_SCRIPT = `(function(){var d=document,b=0,P=window.PerformanceObserver;\
function boot(){if(b||d.readyState==='loading')return;b=1;var s=d.createElement('script');s.type='module';\
s.src=d.querySelector('meta[name=${APP_ENTRY_META}]').content;d.head.appendChild(s)}\
function go(){if(d.visibilityState==='hidden'||!d.querySelector('[data-ssr]'))return boot();\
if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf('paint')>=0)new P(function(l){\
if(l.getEntriesByName('first-contentful-paint').length)setTimeout(boot)}).observe({type:'paint',buffered:true});\
else requestAnimationFrame(function(){setTimeout(boot)});setTimeout(boot,3000)}\
d.addEventListener('DOMContentLoaded',go);\
d.addEventListener('visibilitychange',function(){if(d.visibilityState==='hidden')boot()})})()`
