import type { PublicityJson } from '../../../../domain/protection';

export type { PublicityJson };

/** GET /api/public/protection/publicity and /api/admin/protection/publicity. */
export interface PublicityPage {
  items: PublicityJson[];
  next: string | null;
}

/** GET /api/public/protection/publicity/:ref, GET and PUT /api/admin/protection/publicity/:id. */
export interface PublicityEntry {
  entry: PublicityJson;
}
