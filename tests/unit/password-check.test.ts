import { describe, expect, it } from "vitest";
import { passwordProblem } from "../../app/domain/accounts/password-check.ts";

describe("the browser's password check before sending", () => {
  it.each([
    [
      "abc123",
      "abc124",
      { title: "Password Mismatch", message: "Passwords do not match. Please try again." },
    ],
    [
      "abc12",
      "abc12",
      { title: "Password Too Short", message: "Password must be at least 6 characters long." },
    ],
    ["", "", { title: "Password Too Short", message: "Password must be at least 6 characters long." }],
    ["abc123", "abc123", null],
  ])("sign-up (customer spec section 5): %j and %j", (password, confirmation, problem) => {
    expect(passwordProblem("sign-up", password, confirmation)).toEqual(problem);
  });

  it.each([
    ["", "abc123", "Please enter and confirm your new password"],
    ["abc123", "", "Please enter and confirm your new password"],
    ["abc123", "abc124", "Passwords do not match"],
    ["abc12", "abc12", "Password must be at least 6 characters long"],
    ["abc123", "abc123", null],
  ])("a new password (profile, reset link): %j and %j", (password, confirmation, message) => {
    expect(passwordProblem("new-password", password, confirmation)).toEqual(
      message ? { title: "Error", message } : null,
    );
  });
});
