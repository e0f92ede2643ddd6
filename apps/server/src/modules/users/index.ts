/** What other modules may use of users (ADR 051): everything else here is its own. */
export { createUsersRepository } from './repository.ts';
export type { UsersRepository } from './repository.ts';
export { createUsersService, mayOpenDemoReports, toUser } from './service.ts';
