-- Written by `npm run sql:snapshot` from src/modules/customers/billing-plans/billing-plans.repository.ts; do not edit.
-- Table inserts and updates are left out: their column lists follow the fields a request carries.

-- BillingPlansRepository.billingPlans.page
SELECT
  count(*)::int AS n
FROM
  (
    SELECT
      1
    FROM
      "billing_plans" "r"
    LIMIT
      $1
  ) counted;

SELECT
  "r"."id" AS "r_id",
  "r"."name" AS "r_name",
  "r"."interval_unit" AS "r_interval_unit",
  "r"."interval_count" AS "r_interval_count",
  "r"."trial_days" AS "r_trial_days",
  "r"."renewal_cycles" AS "r_renewal_cycles",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "billing_plans" "r"
ORDER BY
  "r"."id" ASC
LIMIT
  250
OFFSET
  0;

-- BillingPlansRepository.billingPlans.find (by id)
SELECT
  "r"."id" AS "r_id",
  "r"."name" AS "r_name",
  "r"."interval_unit" AS "r_interval_unit",
  "r"."interval_count" AS "r_interval_count",
  "r"."trial_days" AS "r_trial_days",
  "r"."renewal_cycles" AS "r_renewal_cycles",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "billing_plans" "r"
WHERE
  "r"."id" = $1
LIMIT
  1;

-- BillingPlansRepository.billingPlans.find (by id, locked)
SELECT
  "r"."id" AS "r_id",
  "r"."name" AS "r_name",
  "r"."interval_unit" AS "r_interval_unit",
  "r"."interval_count" AS "r_interval_count",
  "r"."trial_days" AS "r_trial_days",
  "r"."renewal_cycles" AS "r_renewal_cycles",
  "r"."created_at" AS "r_created_at",
  "r"."updated_at" AS "r_updated_at"
FROM
  "billing_plans" "r"
WHERE
  "r"."id" = $1
LIMIT
  1
FOR UPDATE;

-- BillingPlansRepository.billingPlans.delete
DELETE FROM "billing_plans"
WHERE
  "id" = $1;

-- BillingPlansRepository.planById
SELECT
  "BillingPlan"."id" AS "BillingPlan_id",
  "BillingPlan"."name" AS "BillingPlan_name",
  "BillingPlan"."interval_unit" AS "BillingPlan_interval_unit",
  "BillingPlan"."interval_count" AS "BillingPlan_interval_count",
  "BillingPlan"."trial_days" AS "BillingPlan_trial_days",
  "BillingPlan"."renewal_cycles" AS "BillingPlan_renewal_cycles",
  "BillingPlan"."created_at" AS "BillingPlan_created_at",
  "BillingPlan"."updated_at" AS "BillingPlan_updated_at"
FROM
  "billing_plans" "BillingPlan"
WHERE
  (("BillingPlan"."id" = $1))
LIMIT
  1;

-- BillingPlansRepository.referencedPlan
SELECT
  "BillingPlan"."id" AS "BillingPlan_id",
  "BillingPlan"."name" AS "BillingPlan_name",
  "BillingPlan"."interval_unit" AS "BillingPlan_interval_unit",
  "BillingPlan"."interval_count" AS "BillingPlan_interval_count",
  "BillingPlan"."trial_days" AS "BillingPlan_trial_days",
  "BillingPlan"."renewal_cycles" AS "BillingPlan_renewal_cycles",
  "BillingPlan"."created_at" AS "BillingPlan_created_at",
  "BillingPlan"."updated_at" AS "BillingPlan_updated_at"
FROM
  "billing_plans" "BillingPlan"
WHERE
  (("BillingPlan"."id" = $1))
LIMIT
  1;

-- BillingPlansRepository.planExists
SELECT
  1 AS "row_exists"
FROM
  (
    SELECT
      1 AS dummy_column
  ) "dummy_table"
WHERE
  EXISTS (
    SELECT
      1
    FROM
      "billing_plans" "BillingPlan"
    WHERE
      (("BillingPlan"."id" = $1))
  )
LIMIT
  1;

-- BillingPlansRepository.plansByIds
SELECT
  "BillingPlan"."id" AS "BillingPlan_id",
  "BillingPlan"."name" AS "BillingPlan_name",
  "BillingPlan"."interval_unit" AS "BillingPlan_interval_unit",
  "BillingPlan"."interval_count" AS "BillingPlan_interval_count",
  "BillingPlan"."trial_days" AS "BillingPlan_trial_days",
  "BillingPlan"."renewal_cycles" AS "BillingPlan_renewal_cycles",
  "BillingPlan"."created_at" AS "BillingPlan_created_at",
  "BillingPlan"."updated_at" AS "BillingPlan_updated_at"
FROM
  "billing_plans" "BillingPlan"
WHERE
  (("BillingPlan"."id" IN ($1, $2)));
