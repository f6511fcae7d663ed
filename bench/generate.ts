import type pg from 'pg';

/**
 * Realistic volume, made inside PostgreSQL with generate_series so a million rows take seconds:
 * statuses, types, sources, postcodes and phones spread like the demo data.
 */
export async function generateClients(pool: pg.Pool, n: number): Promise<void> {
  const batch = 250_000;
  for (let from = 1; from <= n; from += batch) {
    const to = Math.min(n, from + batch - 1);
    await pool.query(
      `INSERT INTO users (role_id, email, name, surname, zipcode, city, address, mobile_phone, mobile_phone_e164, type, status, lead_source, locale, created_at, updated_at)
       SELECT 2,
              CASE WHEN i % 10 < 7 THEN 'client' || i || '@example.ch' END,
              (ARRAY['Lukas','Anna','Marco','Sophie','Giulia','Peter','Claudia','Jean'])[1 + i % 8],
              (ARRAY['Müller','Meier','Favre','Rossi','Keller','Bernasconi','Rochat','Huber'])[1 + (i / 8) % 8],
              lpad((1000 + i % 8000)::text, 4, '0'),
              'Ort ' || (i % 3000),
              'Bahnhofstrasse ' || (1 + i % 120),
              '079 ' || lpad((i % 10000000)::text, 7, '0'),
              '+4179' || lpad((i % 10000000)::text, 7, '0'),
              CASE WHEN i % 9 = 0 THEN 'B2B' ELSE 'B2C' END,
              (ARRAY['potential','call_agents','unqualified','older','user_rec','not_answered','not_interested','buy_product','sale_agents','archived','wrong_data','trash'])[1 + i % 12],
              (ARRAY['ocr','perspective','leads','referral','website','event','mall','partner'])[1 + i % 8],
              'de',
              now() - (i % 700) * interval '1 day',
              now() - (i % 400) * interval '1 hour'
       FROM generate_series($1::int, $2::int) AS i`,
      [from, to],
    );
  }
}

export async function generateSessions(pool: pg.Pool, n: number): Promise<void> {
  await pool.query(
    `INSERT INTO sessions (id, user_id, ip, expires_at)
     SELECT md5(i::text) || md5((i + 1)::text), (SELECT min(id) FROM users) + i % 1000, '10.0.0.' || (i % 250), now() + interval '1 hour' * (i % 24 - 6)
     FROM generate_series(1, $1::int) AS i`,
    [n],
  );
}

export async function generateOutbox(pool: pg.Pool, n: number): Promise<void> {
  await pool.query(
    `INSERT INTO mail_outbox ("to", subject, text, kind, status, created_at)
     SELECT 'client' || (i * 7) || '@example.ch', 'Passwort zurücksetzen', 'Link …', 'recovery', 'sent', now() - i * interval '1 minute'
     FROM generate_series(1, $1::int) AS i`,
    [n],
  );
}
