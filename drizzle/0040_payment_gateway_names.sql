-- The deposit gateways after Stripe and the sandbox (docs/decisions/057): PayPal, a BTCPay Server and manual methods.
-- Added, not rebuilt: no later migration uses these values, which ALTER TYPE ... ADD VALUE forbids in one run.
ALTER TYPE "public"."payment_provider" ADD VALUE 'paypal';--> statement-breakpoint
ALTER TYPE "public"."payment_provider" ADD VALUE 'btcpay';--> statement-breakpoint
ALTER TYPE "public"."payment_provider" ADD VALUE 'manual';
