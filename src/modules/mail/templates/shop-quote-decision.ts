/**
 * The notices of a buyer's decision on the cart page (CONTRACT §14), Mustache like
 * `shop:send-quote`, overridable from TEMPLATES_DIR the same way (`shop-quote-decision.*`,
 * `shop-store-decision.*`):
 * - `shop:quote-decision`: the confirmation to the quote's recipients, with the totals decided on;
 * - `shop:store-decision`: the note to STORE_EMAIL saying what the buyer did.
 * The context has `accepted` / `declined` (one is true), `decided_at`, `reason`, `quote` and `items`.
 */
const ITEMS_HTML = `<table cellpadding="6" style="border-collapse: collapse">
    <thead><tr><th align="left">Item</th><th align="right">Qty</th><th align="right">Price</th><th align="right">Total</th></tr></thead>
    <tbody>
      {{#items}}
      <tr><td>{{name}}{{#sku}} ({{sku}}){{/sku}}</td><td align="right">{{quantity}}</td><td align="right">{{price}}</td><td align="right">{{#discount}}{{subtotal}} − {{discount}} = {{/discount}}{{total}}</td></tr>
      {{/items}}
    </tbody>
  </table>
  <p>Subtotal: {{quote.subtotal}}<br>Discount: {{quote.total_discount}}<br>Tax: {{quote.total_tax}}<br><strong>Total: {{quote.total}}</strong></p>`;
const ITEMS_TEXT = `{{#items}}
- {{name}}{{#sku}} ({{sku}}){{/sku}}: {{quantity}} x {{price}} = {{#discount}}{{subtotal}}, less {{discount}} = {{/discount}}{{total}}
{{/items}}

Subtotal: {{quote.subtotal}}
Discount: {{quote.total_discount}}
Tax: {{quote.total_tax}}
Total: {{quote.total}}`;

export const SHOP_QUOTE_DECISION = {
  subject:
    '{{#accepted}}You accepted quote {{quote.number}}: {{quote.name}}{{/accepted}}{{#declined}}You declined quote {{quote.number}}: {{quote.name}}{{/declined}}',
  html: `<!doctype html>
<html>
<body style="font-family: sans-serif; color: #222">
  <h1>{{quote.name}}</h1>
  {{#accepted}}<p>You accepted quote {{quote.number}} on {{decided_at}} UTC, for a total of <strong>{{quote.total}}</strong>. Thank you: we will be in touch to complete your order.</p>{{/accepted}}
  {{#declined}}<p>You declined quote {{quote.number}} on {{decided_at}} UTC.{{#reason}} Your reason: {{reason}}{{/reason}}</p>{{/declined}}
  ${ITEMS_HTML}
  <p><a href="{{quote.cart_link}}">Open the quote</a></p>
</body>
</html>
`,
  text: `{{quote.name}}
{{#accepted}}You accepted quote {{quote.number}} on {{decided_at}} UTC, for a total of {{quote.total}}. Thank you: we will be in touch to complete your order.{{/accepted}}{{#declined}}You declined quote {{quote.number}} on {{decided_at}} UTC.{{#reason}} Your reason: {{reason}}{{/reason}}{{/declined}}

${ITEMS_TEXT}

Open the quote: {{quote.cart_link}}
`,
};

export const SHOP_STORE_DECISION = {
  subject:
    '{{#accepted}}Quote {{quote.number}} accepted: {{quote.name}} ({{quote.total}}){{/accepted}}{{#declined}}Quote {{quote.number}} declined: {{quote.name}}{{/declined}}',
  html: `<!doctype html>
<html>
<body style="font-family: sans-serif; color: #222">
  <h1>Quote {{quote.number}} {{#accepted}}accepted{{/accepted}}{{#declined}}declined{{/declined}}</h1>
  <p>The buyer {{#accepted}}accepted{{/accepted}}{{#declined}}declined{{/declined}} quote {{quote.number}} ({{quote.name}}) on its cart page on {{decided_at}} UTC.{{#declined}}{{#reason}} Reason given: {{reason}}{{/reason}}{{/declined}}</p>
  ${ITEMS_HTML}
</body>
</html>
`,
  text: `The buyer {{#accepted}}accepted{{/accepted}}{{#declined}}declined{{/declined}} quote {{quote.number}} ({{quote.name}}) on its cart page on {{decided_at}} UTC.{{#declined}}{{#reason}}
Reason given: {{reason}}{{/reason}}{{/declined}}

${ITEMS_TEXT}
`,
};
