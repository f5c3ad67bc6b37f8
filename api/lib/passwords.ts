import { hash, verify } from '@node-rs/argon2';
import { ARGON2_OPTIONS } from '../../domain/password';

/** argon2id at the cost of domain/password.ts (the one place it is chosen). */
export const hashPassword = (password: string) => hash(password, ARGON2_OPTIONS);

/** False for a wrong password and for a hash that cannot be read. */
export const verifyPassword = (passwordHash: string, password: string) => verify(passwordHash, password).catch(() => false);
