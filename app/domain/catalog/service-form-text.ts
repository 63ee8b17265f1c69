import type { Notice } from "../notice.ts";
import { MAX_REFILL_DAYS } from "./refill-window.ts";

/**
 * The longest text each service form field takes. The schema refuses longer and the form stops typing there
 * (maxLength); both read these, so the two never disagree. No zod here: the form's bundle imports this file.
 */
export const SERVICE_MAX = { name: 120, description: 2_000, features: 4_000, platform: 60 } as const;

/** A Package's minimum and maximum: one package per order (product rules 13.10). */
export const PACKAGE_LIMIT = 1;

/**
 * The admin spec's texts for the Services tab (admin spec sections 2 and 8), verbatim where the spec gives them;
 * the rest say plainly what happened.
 */
export const SERVICE_TEXT = {
  serviceCreated: "Service created successfully",
  serviceUpdated: "Service updated successfully",
  serviceDeleted: "Service deleted successfully",
  serviceDisabled: "Service disabled instead of deleted",
  serviceInUse:
    "This service has orders or auto orders, so it was disabled instead of deleted: customers no longer see it and its order history stays intact.",
  noServices: "No services found",
  serviceNotFound: "This service no longer exists.",
  nameRequired: `Enter a name (at most ${SERVICE_MAX.name} characters).`,
  nameTaken: "A service with this name already exists; choose another name.",
  badPrice: "Enter a price of 0 or more, with at most 4 decimals (for example 4 or 2.5).",
  badMin: "Enter a whole minimum quantity of at least 1.",
  badMax: "Enter a whole maximum quantity.",
  minAboveMax: "The maximum quantity must be at least the minimum quantity.",
  packageLimits: `A package is sold one at a time: its minimum and maximum are ${PACKAGE_LIMIT}.`,
  badDefaultPosts: "Default posts must be a whole number from 1 to 100.",
  choosePlatform: "Choose a platform.",
  unknownPlatform: "This platform no longer exists; choose another.",
  unknownCategory: "Choose one of this platform's categories, or none.",
  badRefillDays: `The refill window must be a whole number of days from 1 to ${MAX_REFILL_DAYS}, or empty.`,
} as const;

/** 'Failed to create/update/delete service: {message}' (admin spec section 8). */
export function serviceFailed(action: "create" | "update" | "delete", message: string): Notice {
  return { title: "Error", message: `Failed to ${action} service: ${message}` };
}
