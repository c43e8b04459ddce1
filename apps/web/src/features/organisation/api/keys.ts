/** Query keys of one organisation's reads; a write invalidates what it changed. */
export const organisationKeys = {
  all: (id: number) => ["organisations", id] as const,
  details: (id: number) => ["organisations", id, "details"] as const,
  members: (id: number) => ["organisations", id, "members"] as const,
  invitations: (id: number) => ["organisations", id, "invitations"] as const,
  activity: (id: number) => ["organisations", id, "activity"] as const,
};
