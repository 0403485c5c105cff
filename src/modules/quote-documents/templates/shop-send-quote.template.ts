import { HTML_FOOT, HTML_HEAD, ITEMS_HTML, ITEMS_TEXT, STORE_TEXT } from './mail-parts.template.js';

/**
 * The built-in `shop:send-quote` template (Mustache). A folder named by TEMPLATES_DIR may override
 * any part with `shop-send-quote.subject.txt`, `shop-send-quote.html` or `shop-send-quote.txt`.
 */
export const SHOP_SEND_QUOTE = {
  subject: '{{title}}',
  html: `${HTML_HEAD}
<h1 dir="auto" style="font-size:24px">{{quote.name}}</h1>
<p>{{quote.number_text}}</p>
{{#message_html}}<p dir="auto">{{{message_html}}}</p>{{/message_html}}
${ITEMS_HTML}
{{#quote.valid_until_text}}<p>{{quote.valid_until_text}}</p>{{/quote.valid_until_text}}
<p><a href="{{quote.cart_link}}">{{labels.openCart}}</a></p>
${HTML_FOOT}`,
  text: `{{quote.name}}
{{quote.number_text}}
{{#message}}

{{message}}
{{/message}}

${ITEMS_TEXT}
{{#quote.valid_until_text}}
{{quote.valid_until_text}}
{{/quote.valid_until_text}}

{{labels.openCart}}: {{quote.cart_link}}

${STORE_TEXT}`,
};
