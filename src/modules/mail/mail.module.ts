import { Module } from '@nestjs/common';
import { MailTransport } from './mail-transport.js';
import { TemplateRenderer } from './template-renderer.js';

@Module({
  providers: [MailTransport, TemplateRenderer],
  exports: [MailTransport, TemplateRenderer],
})
export class MailModule {}
