// expect: no-restricted-imports 'InjectRepository' import from '@nestjs/typeorm' is restricted. Inject the module's repository instead.
import { InjectRepository } from '@nestjs/typeorm';

export const probe = InjectRepository;
