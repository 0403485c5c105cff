import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import Mustache from 'mustache';
import { escapeHtml } from '../../common/format/html.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { SHOP_QUOTE_DECISION, SHOP_STORE_DECISION } from './templates/shop-quote-decision.template.js';
import { SHOP_SEND_QUOTE } from './templates/shop-send-quote.template.js';

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

const BUILT_IN: Record<string, RenderedMail> = {
  'shop:send-quote': SHOP_SEND_QUOTE,
  'shop:quote-decision': SHOP_QUOTE_DECISION,
  'shop:store-decision': SHOP_STORE_DECISION,
};

/** Renders named templates; a part found in TEMPLATES_DIR replaces the built-in one. */
@Injectable()
export class TemplateRenderer {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  render(name: string, context: object): RenderedMail {
    const builtIn = BUILT_IN[name];
    if (!builtIn) throw new Error(`Unknown mail template ${name}`);
    const part = (kind: keyof RenderedMail, file: string) => {
      const override = this.config.templatesDir ? join(this.config.templatesDir, `${name.replace(':', '-')}${file}`) : null;
      return override && existsSync(override) ? readFileSync(override, 'utf8') : builtIn[kind];
    };
    return {
      // The subject is a header: no HTML escaping, one line.
      subject: Mustache.render(part('subject', '.subject.txt'), context, {}, { escape: (v: string) => v })
        .replace(/\s+/g, ' ')
        .trim(),
      html: Mustache.render(part('html', '.html'), context, {}, { escape: escapeHtml }),
      text: Mustache.render(part('text', '.txt'), context, {}, { escape: (v: string) => v }),
    };
  }
}
