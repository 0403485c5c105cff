import { ArrayMaxSize, IsArray, IsEmail } from 'class-validator';
import { IsText, Optional } from '../../../common/validation/decorators.js';

/** `POST /quote/{id|number}/send-quote`: both fields optional. */
export class SendQuoteInput {
  @Optional()
  @IsText(5000)
  message?: string;

  @Optional()
  @IsEmail({}, { each: true, message: 'each entry must be an e-mail address' })
  @ArrayMaxSize(50, { message: 'must have at most 50 addresses' })
  @IsArray({ message: 'must be an array of e-mail addresses' })
  bcc?: string[];
}
