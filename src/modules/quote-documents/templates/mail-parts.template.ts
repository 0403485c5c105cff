/**
 * The parts the built-in quote e-mails share (Mustache, over the context of quote-mail.context.ts):
 * a frame at most 600 px wide whose tables have a fixed layout (a long name wraps instead of
 * widening the message), the items with their options and extras, the totals, and the seller's
 * identity. Names are isolated for bidirectional text (`dir="auto"`).
 */
const WRAP = 'overflow-wrap:anywhere;word-break:break-word';

export const HTML_HEAD = `<!doctype html>
<html lang="{{lang}}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{title}}</title>
</head>
<body style="margin:0;padding:16px;font-family:sans-serif;color:#222">
<div style="max-width:600px;margin:0 auto;${WRAP}">
<p style="margin:0 0 8px;color:#4a5568;font-weight:bold" dir="auto">{{store.name}}</p>`;

export const HTML_FOOT = `<hr style="border:0;border-top:1px solid #e2e6ec;margin:24px 0 12px">
<p style="color:#4a5568;font-size:14px"><span dir="auto">{{store.name}}</span>{{#store.address}}<br><span dir="auto">{{.}}</span>{{/store.address}}{{#store.email}}<br>{{labels.email}}: <a href="mailto:{{store.email}}">{{store.email}}</a>{{/store.email}}{{#store.phone}}<br>{{labels.phone}}: <a href="{{store.phone_link}}">{{store.phone}}</a>{{/store.phone}}</p>
</div>
</body>
</html>
`;

export const ITEMS_HTML = `<table cellpadding="6" width="100%" style="width:100%;max-width:600px;table-layout:fixed;border-collapse:collapse">
<colgroup><col><col style="width:48px"><col style="width:110px"><col style="width:150px"></colgroup>
<thead><tr><th align="left">{{labels.item}}</th><th align="right">{{labels.qty}}</th><th align="right">{{labels.price}}</th><th align="right">{{labels.total}}</th></tr></thead>
<tbody>
{{#items}}
<tr><td style="${WRAP}"><span dir="auto">{{name}}</span>{{#sku}} ({{sku}}){{/sku}}{{#options}}<br><small><span dir="auto">{{name}}</span>: <span dir="auto">{{value}}</span></small>{{/options}}{{#extras}}<br><small>+ <span dir="auto">{{name}}</span> ({{price}})</small>{{/extras}}</td><td align="right">{{quantity}}</td><td align="right">{{price}}</td><td align="right">{{#discount}}{{subtotal}} − {{discount}} = {{/discount}}{{total}}</td></tr>
{{/items}}
</tbody>
</table>
<table cellpadding="4" width="100%" style="width:100%;max-width:600px;table-layout:fixed;border-collapse:collapse;margin-top:8px">
<tr><td>{{labels.subtotal}}</td><td align="right">{{quote.subtotal}}</td></tr>
<tr><td>{{labels.discount}}</td><td align="right">{{quote.total_discount}}</td></tr>
<tr><td>{{labels.tax}}</td><td align="right">{{quote.total_tax}}</td></tr>
<tr><td><strong>{{labels.total}}</strong></td><td align="right"><strong>{{quote.total}}</strong></td></tr>
</table>`;

export const ITEMS_TEXT = `{{#items}}
- {{name}}{{#sku}} ({{sku}}){{/sku}}: {{quantity}} x {{price}} = {{#discount}}{{subtotal}}, less {{discount}} = {{/discount}}{{total}}
{{#options}}
  {{name}}: {{value}}
{{/options}}
{{#extras}}
  + {{name}} ({{price}})
{{/extras}}
{{/items}}

{{labels.subtotal}}: {{quote.subtotal}}
{{labels.discount}}: {{quote.total_discount}}
{{labels.tax}}: {{quote.total_tax}}
{{labels.total}}: {{quote.total}}`;

export const STORE_TEXT = `--
{{store.name}}
{{#store.address}}
{{.}}
{{/store.address}}
{{#store.email}}
{{labels.email}}: {{store.email}}
{{/store.email}}
{{#store.phone}}
{{labels.phone}}: {{store.phone}}
{{/store.phone}}
`;
