import { escapeHtml as e } from '../../common/format/html.js';
import { type BuyerItem, type BuyerQuote, type Seller, telLink } from './buyer-quote.view.js';
import { type Labels, fill, labelsFor } from './labels/buyer.labels.js';

/**
 * The buyer's pages, rendered on the server from plain template functions: no script at all, one
 * small stylesheet (CART_STYLESHEET at STYLESHEET_PATH), every value escaped where it is written.
 */

export const STYLESHEET_PATH = '/cart/style.css';

/** The longest reason a buyer may give when declining (docs/api.md#the-buyers-page-cart). */
export const DECLINE_REASON_MAX = 500;

/** What frames every buyer page: its language (`lang`, LOCALE's) and the seller's identity. */
export interface PageFrame {
  lang: string;
  seller: Seller;
}

/** `mailto:` link, with a subject when given. */
function mailtoLink(address: string, subject?: string): string {
  return `mailto:${address}${subject ? `?subject=${encodeURIComponent(subject)}` : ''}`;
}

/** The seller's contact block: name, address lines, e-mail (mailto) and phone (tel); names isolated for bidirectional text. */
function sellerFooter(seller: Seller, labels: Labels): string {
  const lines = [
    `<span class="seller-name" dir="auto">${e(seller.name)}</span>`,
    ...seller.address.map((l) => `<span class="seller-address" dir="auto">${e(l)}</span>`),
    ...(seller.email ? [`${e(labels.email)}: <a class="seller-email" href="${e(mailtoLink(seller.email))}">${e(seller.email)}</a>`] : []),
    ...(seller.phone ? [`${e(labels.phone)}: <a class="seller-phone" href="${e(telLink(seller.phone))}">${e(seller.phone)}</a>`] : []),
  ];
  return `<footer class="seller">
<address>${lines.join('<br>\n')}</address>
</footer>`;
}

function layout(title: string, frame: PageFrame, body: string): string {
  return `<!doctype html>
<html lang="${e(frame.lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<title>${e(title)}</title>
<link rel="stylesheet" href="${STYLESHEET_PATH}">
</head>
<body>
<div class="sheet">
${frame.seller.name ? `<p class="store" dir="auto">${e(frame.seller.name)}</p>\n` : ''}${body}
${frame.seller.name ? sellerFooter(frame.seller, labelsFor(frame.lang)) : ''}
</div>
</body>
</html>
`;
}

function itemRow(i: BuyerItem, l: Labels): string {
  const choices = [
    ...i.options.map(([name, value]) => `<li class="option"><bdi>${e(name)}</bdi>: <bdi>${e(value)}</bdi></li>`),
    ...i.extras.map((x) => `<li class="extra">+ <bdi>${e(x.name)}</bdi> (${e(x.price)})</li>`),
  ];
  return `<tr class="item">
<td class="product" data-label="${e(l.item)}"><span class="name" dir="auto">${e(i.name)}</span>${i.sku ? ` <span class="sku">${e(i.sku)}</span>` : ''}${
    choices.length ? `<ul class="choices">${choices.join('')}</ul>` : ''
  }</td>
<td class="num quantity" data-label="${e(l.quantity)}">${e(i.quantity)}</td>
<td class="num unit-price" data-label="${e(l.unitPrice)}">${e(i.unitPrice)}</td>
<td class="num discount" data-label="${e(l.discount)}">${i.discount ? `−${e(i.discount)}` : '—'}</td>
<td class="num line-total" data-label="${e(l.total)}">${e(i.total)}</td>
</tr>`;
}

/** A label, escaped, with its marks replaced by HTML that is already safe. */
const html = (label: string, values: Record<string, string>) => fill(e(label), values);

function stateNote(q: BuyerQuote): string {
  const l = q.labels;
  switch (q.state) {
    case 'accepted':
      return `<p class="state state-accepted" role="status"><strong>${html(l.acceptedOn, { date: e(q.acceptedOn) })}</strong> ${e(l.acceptedThanks)}</p>
<p class="accepted-summary">${html(l.acceptedSummary, { total: `<strong class="accepted-total">${e(q.total)}</strong>` })}</p>`;
    case 'ordered':
      return `<p class="state state-accepted" role="status"><strong>${e(l.orderedNote)}${
        q.acceptedOn ? ` ${html(l.orderedAcceptedOn, { date: e(q.acceptedOn) })}` : ''
      }</strong>, ${html(l.orderedTotal, { total: `<strong class="accepted-total">${e(q.total)}</strong>` })}</p>`;
    case 'declined':
      return `<p class="state state-declined" role="status"><strong>${html(l.declinedOn, { date: e(q.declinedOn) })}</strong>${
        q.declineReason ? ` ${html(l.declineReason, { reason: `<q class="decline-reason" dir="auto">${e(q.declineReason)}</q>` })}` : ''
      } ${e(l.declinedReopen)}</p>`;
    case 'expired': {
      const ask = q.seller.email
        ? `<a class="ask-new" href="${e(mailtoLink(q.seller.email, fill(l.quoteNumber, { number: q.number })))}">${e(l.askForNew)}</a>`
        : e(l.askForNew);
      return `<p class="state state-expired" role="status"><strong>${html(l.expiredOn, { date: e(q.expiresOn) })}</strong> ${html(l.expiredAsk, { ask })}</p>`;
    }
    default:
      return q.expiresOn
        ? `<p class="state state-open">${html(l.validUntil, { date: `<strong>${e(q.expiresOn)}</strong>` })}</p>`
        : `<p class="state state-open">${e(l.noExpiry)}</p>`;
  }
}

/** The quote page: items, totals, its state, and while it is open the "Accept quote" form. */
export function quotePage(q: BuyerQuote, csrfToken: string): string {
  const l = q.labels;
  const base = `/cart/${encodeURIComponent(q.cartLinkId)}`;
  const items = q.items.length
    ? `<table class="items">
<thead><tr><th scope="col">${e(l.item)}</th><th scope="col" class="num">${e(l.quantity)}</th><th scope="col" class="num">${e(l.unitPrice)}</th><th scope="col" class="num">${e(l.discount)}</th><th scope="col" class="num">${e(l.total)}</th></tr></thead>
<tbody>
${q.items.map((i) => itemRow(i, l)).join('\n')}
</tbody>
</table>`
    : `<p class="empty">${e(l.noItems)}</p>`;
  // Both forms carry the revision the page shows: a decision applies to what the buyer read.
  const hidden = `<input type="hidden" name="csrf_token" value="${e(csrfToken)}">
<input type="hidden" name="revision" value="${e(q.revision)}">`;
  const accept =
    q.state === 'open'
      ? `<form class="accept" method="post" action="${e(base)}/accept">
${hidden}
<button type="submit">${e(l.accept)}</button>
</form>`
      : '';
  const decline =
    q.state === 'open'
      ? `<form class="decline" method="post" action="${e(base)}/decline">
${hidden}
<label for="decline-reason">${e(l.declinePrompt)}</label>
<textarea id="decline-reason" name="reason" maxlength="${DECLINE_REASON_MAX}" rows="2"></textarea>
<button type="submit" class="secondary">${e(l.decline)}</button>
</form>`
      : '';
  return layout(
    `${fill(l.quoteNumber, { number: q.number })}: ${q.name} · ${q.storeName}`,
    { lang: q.locale, seller: q.seller },
    `<header>
<h1 dir="auto">${e(q.name)}</h1>
<p class="number">${html(l.quoteNumber, { number: `<span class="quote-number">${e(q.number)}</span>` })}</p>
</header>
${stateNote(q)}
${items}
<dl class="totals">
<div><dt>${e(l.subtotal)}</dt><dd data-total="subtotal">${e(q.subtotal)}</dd></div>
<div><dt>${e(l.discount)}</dt><dd data-total="discount">${e(q.discount)}</dd></div>
<div><dt>${e(l.tax)}</dt><dd data-total="tax">${e(q.tax)}</dd></div>
<div class="grand"><dt>${e(l.total)}</dt><dd data-total="total">${e(q.total)}</dd></div>
</dl>
<div class="actions">
${accept}
<a class="pdf" href="${e(base)}/pdf">${e(l.downloadPdf)}</a>
</div>
${decline}`,
  );
}

/**
 * The answer to anything that is not a quote page: not found (unknown and deleted alike), too many
 * requests, a refused form, in the page's language (`frame.lang`) and framed by the seller's identity.
 */
export function messagePage(frame: PageFrame, title: string, message: string, back?: string, backLabel = 'Back to the quote'): string {
  return layout(
    frame.seller.name ? `${title} · ${frame.seller.name}` : title,
    frame,
    `<header><h1>${e(title)}</h1></header>
<p class="message">${e(message)}</p>${back ? `\n<p><a class="back" href="${e(back)}">${e(backLabel)}</a></p>` : ''}`,
  );
}

/** The one stylesheet: readable on a phone (the item table becomes a list of cards) and printable (no buttons). */
export const CART_STYLESHEET = `*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;background:#f4f5f7;color:#1d2330;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
.sheet{max-width:860px;margin:0 auto;padding:24px 16px 40px;background:#fff;min-height:100vh}
.store{margin:0 0 8px;font-weight:600;letter-spacing:.02em;color:#4a5568;text-transform:uppercase;font-size:.85rem}
h1{margin:0;font-size:1.6rem;line-height:1.25;overflow-wrap:anywhere}
.number{margin:4px 0 16px;color:#4a5568}
.state{padding:12px 14px;border-radius:6px;margin:0 0 20px;background:#eef2f7}
.state-expired{background:#fdecea;color:#7a1c12}
.state-accepted{background:#e7f6ec;color:#145a2b}
.state-declined{background:#f3f0e8;color:#5b4a1f}
.decline{margin:24px 0 0;display:flex;flex-direction:column;gap:6px;max-width:480px}
.decline label{color:#4a5568;font-size:.9rem}
.decline textarea{font:inherit;padding:8px;border:1px solid #c8ced8;border-radius:6px}
button.secondary{background:#e2e6ec;color:#1d2330;align-self:flex-start}
button.secondary:hover,button.secondary:focus{background:#cdd3dc}
table.items{width:100%;border-collapse:collapse;margin-bottom:20px}
.items th,.items td{padding:10px 8px;border-bottom:1px solid #e2e6ec;vertical-align:top;text-align:left}
.items th{font-size:.85rem;color:#4a5568;font-weight:600}
.num{text-align:right!important;white-space:nowrap}
.name{font-weight:600;overflow-wrap:anywhere}
.sku{color:#6b7280;font-size:.85rem}
.choices{margin:4px 0 0;padding:0;list-style:none;color:#4a5568;font-size:.9rem}
.totals{margin:0 0 24px auto;max-width:320px}
.totals div{display:flex;justify-content:space-between;padding:4px 0}
.totals dt{color:#4a5568}
.totals dd{margin:0;text-align:right}
.totals .grand{border-top:2px solid #1d2330;margin-top:6px;padding-top:8px;font-weight:700;font-size:1.15rem}
.totals .grand dt{color:inherit}
.actions{display:flex;flex-wrap:wrap;gap:16px;align-items:center}
.accept{margin:0}
button{font:inherit;font-weight:600;padding:12px 28px;border:0;border-radius:6px;background:#1f6feb;color:#fff;cursor:pointer}
button:hover,button:focus{background:#1858bd}
a{color:#1f6feb}
.message{font-size:1.05rem}
.seller{margin:32px 0 0;padding-top:12px;border-top:1px solid #e2e6ec;color:#4a5568;font-size:.9rem}
.seller address{font-style:normal;overflow-wrap:anywhere}
.seller-name{font-weight:600}
@media (max-width:600px){
.items thead{display:none}
.items tr{display:block;border-bottom:1px solid #e2e6ec;padding:8px 0}
.items td{display:flex;justify-content:space-between;gap:12px;border:0;padding:4px 0;text-align:right}
.items td.product{display:block;text-align:left}
.items td::before{content:attr(data-label);color:#4a5568;font-size:.85rem;text-align:left}
.items td.product::before{content:none}
.totals{max-width:none}
.actions{flex-direction:column;align-items:stretch;text-align:center}
button{width:100%}
}
@media print{
body{background:#fff}
.sheet{padding:0;min-height:0}
.actions,.decline{display:none}
.state{border:1px solid #999;background:none;color:#000}
}
`;
