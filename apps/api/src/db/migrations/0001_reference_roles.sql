-- The eight roles with their fixed ids (packages/domain/src/roles.ts).
INSERT INTO "roles" ("id", "code", "abbr") VALUES
  (1, 'admin', 'admin'),
  (2, 'user', 'user'),
  (3, 'sales_agent', 'sa'),
  (4, 'call_agent', 'ca'),
  (5, 'prom_agent', 'pa'),
  (6, 'partner', 'partner'),
  (7, 'ocr_manager', 'om'),
  (8, 'independent_agent', 'ia')
ON CONFLICT ("id") DO NOTHING;
