import { HTML_FOOT, HTML_HEAD, ITEMS_HTML, ITEMS_TEXT, STORE_TEXT } from './mail-parts.template.js';

/**
 * The notices of a buyer's decision on the cart page (docs/api.md#the-buyers-page-cart), Mustache like
 * `shop:send-quote`, overridable from TEMPLATES_DIR the same way (`shop-quote-decision.*`,
 * `shop-store-decision.*`):
 * - `shop:quote-decision`: the confirmation to the quote's recipients, with the totals decided on,
 *   in LOCALE's language; never the buyer's decline reason (free text goes to the store only);
 * - `shop:store-decision`: the note to STORE_EMAIL saying what the buyer did, with the reason.
 * The context is the send-quote one (docs/api.md#the-buyers-page-cart) with `accepted` / `declined` (one is true),
 * `decided_at`, `decided_on`, `decision_text`, and in the store's note `reason` and `reason_text`
 * (null in the confirmations).
 */
export const SHOP_QUOTE_DECISION = {
  subject: '{{title}}',
  html: `${HTML_HEAD}
<h1 dir="auto" style="font-size:24px">{{quote.name}}</h1>
<p>{{decision_text}}</p>
${ITEMS_HTML}
<p><a href="{{quote.cart_link}}">{{labels.openQuote}}</a></p>
${HTML_FOOT}`,
  text: `{{quote.name}}
{{decision_text}}

${ITEMS_TEXT}

{{labels.openQuote}}: {{quote.cart_link}}

${STORE_TEXT}`,
};

export const SHOP_STORE_DECISION = {
  subject:
    '{{#accepted}}Quote {{quote.number}} accepted: {{quote.name}} ({{quote.total}}){{/accepted}}{{#declined}}Quote {{quote.number}} declined: {{quote.name}}{{/declined}}',
  html: `${HTML_HEAD}
<h1 dir="auto" style="font-size:24px">Quote {{quote.number}} {{#accepted}}accepted{{/accepted}}{{#declined}}declined{{/declined}}</h1>
<p>The buyer {{#accepted}}accepted{{/accepted}}{{#declined}}declined{{/declined}} quote {{quote.number}} (<span dir="auto">{{quote.name}}</span>) on its cart page on {{decided_at}} UTC.{{#declined}}{{#reason}} Reason given: <span dir="auto">{{reason}}</span>{{/reason}}{{/declined}}</p>
${ITEMS_HTML}
<p><a href="{{quote.cart_link}}">Open the quote</a></p>
</div>
</body>
</html>
`,
  text: `The buyer {{#accepted}}accepted{{/accepted}}{{#declined}}declined{{/declined}} quote {{quote.number}} ({{quote.name}}) on its cart page on {{decided_at}} UTC.{{#declined}}{{#reason}}
Reason given: {{reason}}{{/reason}}{{/declined}}

${ITEMS_TEXT}
`,
};
