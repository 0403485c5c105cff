import { ArrayMaxSize, IsArray } from 'class-validator';
import { IsFlag, IsText, Optional } from '../../../common/validation/decorators.js';
import { IsEmailAddress } from '../../../common/validation/email.js';

/** `POST /quote/{id|number}/send-quote`: every field optional. */
export class SendQuoteInput {
  @Optional()
  @IsText(5000)
  message?: string;

  @Optional()
  @IsEmailAddress({ each: true, message: 'each entry must be an e-mail address' })
  @ArrayMaxSize(50, { message: 'must have at most 50 addresses' })
  @IsArray({ message: 'must be an array of e-mail addresses' })
  bcc?: string[];

  /** Attach the quote's PDF (the one `GET /quote/{id}/pdf` answers) to every message of this send. */
  @Optional()
  @IsFlag()
  attach_pdf?: boolean;
}
