import { Module } from '@nestjs/common';
import { MailTransport } from './mail-transport.service.js';

@Module({
  providers: [MailTransport],
  exports: [MailTransport],
})
export class MailModule {}
