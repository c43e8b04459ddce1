-- Keeps sample_counts in step with samples for every writer (API, CLI, jobs, seeds).
create or replace function samples_count_change() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    insert into sample_counts (customer_id, status, n) values (new.customer_id, new.status, 1)
      on conflict (customer_id, status) do update set n = sample_counts.n + 1;
  elsif tg_op = 'DELETE' then
    update sample_counts set n = n - 1 where customer_id = old.customer_id and status = old.status;
  elsif new.status is distinct from old.status or new.customer_id <> old.customer_id then
    -- Touch the two counter rows in one fixed order, so opposite moves cannot deadlock.
    if (old.customer_id, old.status) < (new.customer_id, new.status) then
      update sample_counts set n = n - 1 where customer_id = old.customer_id and status = old.status;
      insert into sample_counts (customer_id, status, n) values (new.customer_id, new.status, 1)
        on conflict (customer_id, status) do update set n = sample_counts.n + 1;
    else
      insert into sample_counts (customer_id, status, n) values (new.customer_id, new.status, 1)
        on conflict (customer_id, status) do update set n = sample_counts.n + 1;
      update sample_counts set n = n - 1 where customer_id = old.customer_id and status = old.status;
    end if;
  end if;
  return null;
end;
$$;
--> statement-breakpoint
create trigger samples_count_change after insert or delete or update of status, customer_id on samples
  for each row execute function samples_count_change();
--> statement-breakpoint
insert into sample_counts (customer_id, status, n)
  select customer_id, status, count(*) from samples group by customer_id, status
  on conflict (customer_id, status) do update set n = excluded.n;
