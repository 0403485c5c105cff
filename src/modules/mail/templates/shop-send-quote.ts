/**
 * The built-in `shop:send-quote` template (Mustache). A folder named by TEMPLATES_DIR may override
 * any part with `shop-send-quote.subject.txt`, `shop-send-quote.html` or `shop-send-quote.txt`.
 */
export const SHOP_SEND_QUOTE = {
  subject: 'Your quote {{quote.number}}: {{quote.name}}',
  html: `<!doctype html>
<html>
<body style="font-family: sans-serif; color: #222">
  <h1>{{quote.name}}</h1>
  <p>Quote {{quote.number}}</p>
  {{#message}}<p>{{message}}</p>{{/message}}
  <table cellpadding="6" style="border-collapse: collapse">
    <thead><tr><th align="left">Item</th><th align="right">Qty</th><th align="right">Price</th><th align="right">Total</th></tr></thead>
    <tbody>
      {{#items}}
      <tr><td>{{name}}{{#sku}} ({{sku}}){{/sku}}</td><td align="right">{{quantity}}</td><td align="right">{{price}}</td><td align="right">{{#discount}}{{subtotal}} − {{discount}} = {{/discount}}{{total}}</td></tr>
      {{/items}}
    </tbody>
  </table>
  <p>Subtotal: {{quote.subtotal}}<br>Discount: {{quote.total_discount}}<br>Tax: {{quote.total_tax}}<br><strong>Total: {{quote.total}}</strong></p>
  {{#quote.expires_at}}<p>This quote is valid until {{quote.expires_at}} UTC.</p>{{/quote.expires_at}}
  <p><a href="{{quote.cart_link}}">Open your cart</a></p>
</body>
</html>
`,
  text: `{{quote.name}}
Quote {{quote.number}}
{{#message}}

{{message}}
{{/message}}

{{#items}}
- {{name}}{{#sku}} ({{sku}}){{/sku}}: {{quantity}} x {{price}} = {{#discount}}{{subtotal}}, less {{discount}} = {{/discount}}{{total}}
{{/items}}

Subtotal: {{quote.subtotal}}
Discount: {{quote.total_discount}}
Tax: {{quote.total_tax}}
Total: {{quote.total}}
{{#quote.expires_at}}
Valid until {{quote.expires_at}} UTC.
{{/quote.expires_at}}

Open your cart: {{quote.cart_link}}
`,
};
