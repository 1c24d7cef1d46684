/**
 * Mail servers (/mail records), keys `MAIL#{id}` / `MAIL`: the repository of the resource
 * (shared/resources/system/mail.ts), the one storage object of the resource framework and of every module
 * that reads the type (resources.ts, docs/decisions/445-one-way-to-store-an-entity.md).
 */
import { mailResource } from '@shared/resources/system/mail.ts';
import { resourceRepository } from './resources.ts';

export const mailServerRecords = resourceRepository(mailResource);
