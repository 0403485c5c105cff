import { Transform } from 'class-transformer';
import { Allow, ArrayMaxSize, ArrayMinSize, IsArray, IsString } from 'class-validator';
import { ApiProperty } from '@nestjs/swagger';
import {
  EachElement,
  IsFlag,
  IsText,
  NotBlank,
  Nullable,
  Optional,
  RequiredFields,
  Satisfies,
} from '../../../common/validation/decorators.js';
import { EVENT_PATTERN, isEventPattern } from '../domain/event-patterns.js';
import { WEBHOOK_URL_PATTERN, urlProblem } from '../domain/url-rules.js';

const Trimmed = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));
const TrimmedOrNull = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() || null : value));

/** An http(s) URL with a host and no credentials; whether its address is public is checked by the service. */
const IsWebhookUrl = () => Satisfies('isWebhookUrl', urlProblem);

/** PATCH /webhook/{id}: every field optional. */
export class WebhookPatch {
  @Optional()
  @Trimmed()
  @NotBlank()
  @IsWebhookUrl()
  @IsText(2048)
  @ApiProperty({ format: 'uri', pattern: WEBHOOK_URL_PATTERN, example: 'https://erp.example.com/store-events' })
  url?: string;

  /** Event types or patterns: `quote.sent`, `quote.*`, `*`. */
  @Optional()
  @ArrayMinSize(1, { message: 'must name at least one event type or pattern' })
  @ArrayMaxSize(100, { message: 'must have at most 100 patterns' })
  @IsString({ each: true, message: 'must be an array of event types or patterns' })
  @IsArray({ message: 'must be an array of event types or patterns' })
  @EachElement((e) => typeof e === 'string' && isEventPattern(e), 'must be an event type, a prefix ending in .* or *')
  @Allow()
  @ApiProperty({
    type: 'array',
    items: { type: 'string', maxLength: 64, pattern: EVENT_PATTERN.source, examples: ['quote.sent', 'quote.*', '*'] },
    example: ['quote.*', 'product.updated'],
  })
  events?: string[];

  @Nullable()
  @TrimmedOrNull()
  @IsText(255)
  description?: string | null;

  @Optional()
  @IsFlag()
  is_active?: boolean;
}

/** POST /webhook: `url` and `events` required; active unless told otherwise. */
@RequiredFields('url', 'events')
export class WebhookCreate extends WebhookPatch {}
