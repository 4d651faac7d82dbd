import { describe, expect, it } from "vitest";
import { isLoopback, linkOrigin } from "./invite";

describe("join links' origin", () => {
  it("keeps the page's own origin when it was opened at a network address", () => {
    expect(linkOrigin("http://192.168.1.20:8080", ["http://10.0.0.5:8080"])).toBe("http://192.168.1.20:8080");
  });
  it("names the server's first reachable address when the page was opened at loopback", () => {
    expect(linkOrigin("http://127.0.0.1:8080", ["http://192.168.1.20:8080", "http://[fd00::2]:8080"])).toBe(
      "http://192.168.1.20:8080",
    );
    expect(linkOrigin("http://localhost:8080", ["https://games.example.org"])).toBe(
      "https://games.example.org",
    );
  });
  it("stays at loopback when the server knows no other address, or only loopback ones", () => {
    expect(linkOrigin("http://127.0.0.1:8080", [])).toBe("http://127.0.0.1:8080");
    expect(linkOrigin("http://127.0.0.1:8080", ["http://127.0.0.1:8080", "not a url"])).toBe(
      "http://127.0.0.1:8080",
    );
  });
  it("knows loopback names", () => {
    expect(isLoopback("127.0.0.1")).toBe(true);
    expect(isLoopback("localhost")).toBe(true);
    expect(isLoopback("192.168.1.20")).toBe(false);
  });
});
