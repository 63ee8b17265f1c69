import { describe, expect, it } from "vitest";
import { passwordProblem } from "../../app/domain/accounts/password-check.ts";

describe("the browser's password check before sending", () => {
  it.each([
    [
      "abc123",
      "abc124",
      {
        title: "Password Mismatch",
        message: "Passwords do not match. Please try again.",
        field: "confirmation",
      },
    ],
    [
      "abc12",
      "abc12",
      {
        title: "Password Too Short",
        message: "Password must be at least 6 characters long.",
        field: "password",
      },
    ],
    [
      "",
      "",
      {
        title: "Password Too Short",
        message: "Password must be at least 6 characters long.",
        field: "password",
      },
    ],
    ["abc123", "abc123", null],
  ])("sign-up (customer spec section 5): %j and %j", (password, confirmation, problem) => {
    expect(passwordProblem("sign-up", password, confirmation)).toEqual(problem);
  });

  it.each([
    ["", "abc123", "Please enter and confirm your new password", "password"],
    ["abc123", "", "Please enter and confirm your new password", "confirmation"],
    ["abc123", "abc124", "Passwords do not match", "confirmation"],
    ["abc12", "abc12", "Password must be at least 6 characters long", "password"],
    ["abc123", "abc123", null, null],
  ])("a new password (profile, reset link): %j and %j", (password, confirmation, message, field) => {
    // Said beside the field it is about (product rules 12.3).
    expect(passwordProblem("new-password", password, confirmation)).toEqual(
      message ? { title: "Error", message, field } : null,
    );
  });
});
