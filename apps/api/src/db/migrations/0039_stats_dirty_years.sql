CREATE TABLE "stats_dirty_years" (
	"year" integer PRIMARY KEY NOT NULL,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The year of a source row of the statistics, when it lies before the current Zurich year, is marked for
-- the refresh job (docs/statistics.md "Past years"); rows of the current year cost one comparison.
CREATE FUNCTION stats_mark_year(at timestamptz) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF at IS NOT NULL AND (at AT TIME ZONE 'Europe/Zurich') < date_trunc('year', now() AT TIME ZONE 'Europe/Zurich') THEN
    INSERT INTO stats_dirty_years (year) VALUES (extract(year FROM at AT TIME ZONE 'Europe/Zurich')::int) ON CONFLICT DO NOTHING;
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION stats_mark_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.role_id = 2 THEN
      PERFORM stats_mark_year(NEW.created_at);
    END IF;
    RETURN NULL;
  END IF;
  IF OLD.role_id = 2 AND (TG_OP = 'DELETE' OR OLD.linked_agent_id IS DISTINCT FROM NEW.linked_agent_id) THEN
    -- Returns count for the client's linked agent: every year with one of the client's returns.
    PERFORM stats_mark_year(sh.created_at) FROM status_history sh WHERE sh.user_id = OLD.id AND sh.status = 'buy_and_return';
  END IF;
  IF TG_OP = 'DELETE' THEN
    IF OLD.role_id = 2 THEN
      PERFORM stats_mark_year(OLD.created_at);
    END IF;
    RETURN NULL;
  END IF;
  IF (OLD.role_id, OLD.created_at, OLD.created_by_id, OLD.lead_source, OLD.lead_location_id, OLD.status)
      IS DISTINCT FROM (NEW.role_id, NEW.created_at, NEW.created_by_id, NEW.lead_source, NEW.lead_location_id, NEW.status) THEN
    IF OLD.role_id = 2 THEN
      PERFORM stats_mark_year(OLD.created_at);
    END IF;
    IF NEW.role_id = 2 THEN
      PERFORM stats_mark_year(NEW.created_at);
    END IF;
  END IF;
  -- A staff member becoming or leaving call agent changes the call team's distinct leads of every year.
  IF OLD.role_id <> NEW.role_id AND 4 IN (OLD.role_id, NEW.role_id) THEN
    INSERT INTO stats_dirty_years (year) SELECT year FROM stats_refresh
      WHERE year < extract(year FROM now() AT TIME ZONE 'Europe/Zurich') ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stats_mark_users AFTER INSERT OR DELETE OR UPDATE ON users FOR EACH ROW EXECUTE FUNCTION stats_mark_users();
--> statement-breakpoint
CREATE FUNCTION stats_mark_events() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.type, OLD.starts_at, OLD.created_at, OLD.agent_id, OLD.created_by_id, OLD.status)
      IS NOT DISTINCT FROM (NEW.type, NEW.starts_at, NEW.created_at, NEW.agent_id, NEW.created_by_id, NEW.status) THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' AND OLD.type = 'presentation' THEN
    PERFORM stats_mark_year(OLD.starts_at);
    PERFORM stats_mark_year(OLD.created_at);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.type = 'presentation' THEN
    PERFORM stats_mark_year(NEW.starts_at);
    PERFORM stats_mark_year(NEW.created_at);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stats_mark_events AFTER INSERT OR DELETE OR UPDATE ON events FOR EACH ROW EXECUTE FUNCTION stats_mark_events();
--> statement-breakpoint
CREATE FUNCTION stats_mark_orders() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (OLD.created_at, OLD.agent_id, OLD.call_agent_id, OLD.status, OLD.discount_rec_sum, OLD.bank_processing_commission)
      IS NOT DISTINCT FROM (NEW.created_at, NEW.agent_id, NEW.call_agent_id, NEW.status, NEW.discount_rec_sum, NEW.bank_processing_commission) THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM stats_mark_year(OLD.created_at);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM stats_mark_year(NEW.created_at);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stats_mark_orders AFTER INSERT OR DELETE OR UPDATE ON orders FOR EACH ROW EXECUTE FUNCTION stats_mark_orders();
--> statement-breakpoint
-- A sold line or a payment counts in the year its order was created.
CREATE FUNCTION stats_mark_order_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.order_id IS NOT NULL THEN
    PERFORM stats_mark_year(o.created_at) FROM orders o WHERE o.id = OLD.order_id;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.order_id IS NOT NULL AND (TG_OP = 'INSERT' OR NEW.order_id IS DISTINCT FROM OLD.order_id) THEN
    PERFORM stats_mark_year(o.created_at) FROM orders o WHERE o.id = NEW.order_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stats_mark_event_products AFTER INSERT OR DELETE OR UPDATE OF order_id, price, quantity, status ON event_products
  FOR EACH ROW EXECUTE FUNCTION stats_mark_order_rows();
--> statement-breakpoint
CREATE TRIGGER stats_mark_order_payments AFTER INSERT OR DELETE OR UPDATE OF order_id, amount ON order_payments
  FOR EACH ROW EXECUTE FUNCTION stats_mark_order_rows();
--> statement-breakpoint
-- Rows dated by their own created_at: commissions, status history (returns), contact history (calls).
CREATE FUNCTION stats_mark_created() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM stats_mark_year(OLD.created_at);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM stats_mark_year(NEW.created_at);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stats_mark_commissions AFTER INSERT OR DELETE OR UPDATE OF created_at, agent_id, amount, reason, status ON commissions
  FOR EACH ROW EXECUTE FUNCTION stats_mark_created();
--> statement-breakpoint
CREATE TRIGGER stats_mark_status_history AFTER INSERT OR DELETE OR UPDATE OF created_at, user_id, status ON status_history
  FOR EACH ROW EXECUTE FUNCTION stats_mark_created();
--> statement-breakpoint
CREATE TRIGGER stats_mark_contact_history AFTER INSERT OR DELETE OR UPDATE OF created_at, type, flow, status, agent_id, user_id ON contact_history
  FOR EACH ROW EXECUTE FUNCTION stats_mark_created();
