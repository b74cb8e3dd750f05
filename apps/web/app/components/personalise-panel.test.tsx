// @vitest-environment happy-dom
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import type { Player } from "@khelkud/contracts";
import { NO_PRINT, PersonalisePanel, resolvePrint, type PrintChoice } from "./personalise-panel";
import "../lib/i18n-ne";

/** The preview draws exactly what will be printed (docs/decisions/183): "07" is printed 7, so it is drawn 7. */

const PLAYERS: Player[] = [{ id: "paudel-7", name: "PAUDEL", number: 7 }];

afterEach(cleanup);

function Panel({ players = [] as Player[] }) {
  const [choice, setChoice] = useState<PrintChoice>(NO_PRINT);
  return (
    <PersonalisePanel choice={choice} onChange={setChoice} players={players} scripts={["LATIN"]} colors={["Crimson", "Blue"]} fee={50_000} price={249_900} showErrors productName="Nepal Home Jersey" />
  );
}

function panel(path = "/products/nepal-home", players: Player[] = []) {
  render(
    <MemoryRouter initialEntries={[path]} basename={path.startsWith("/ne/") ? "/ne" : undefined}>
      <Panel players={players} />
    </MemoryRouter>,
  );
  fireEvent.click(screen.getByRole("checkbox"));
}

/** The texts the shirt's back draws: the name, then the number. */
const drawn = () => [...screen.getByRole("img").querySelectorAll("text")].map((t) => t.textContent);
const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe("the name-and-number preview", () => {
  it("draws 07 as 7, the number the price line, the cart and the order get", () => {
    panel();
    type(/Name on the back/, "paudel");
    type(/Number/, "07");
    expect(drawn()).toEqual(["PAUDEL", "7"]);
    expect(screen.getByText("Printing: PAUDEL 7")).toBeTruthy();
    expect(screen.getByRole("img").getAttribute("aria-label")).toBe("Preview of the back of the Nepal Home Jersey with PAUDEL 7");
    expect(resolvePrint({ on: true, playerId: "", name: "paudel", number: "07" }, [], ["LATIN"]).print).toEqual({ name: "PAUDEL", number: 7, playerId: null });
  });

  it.each([
    ["0", "0"],
    ["00", "0"],
    ["10", "10"],
    ["99", "99"],
  ])("draws %s as %s", (typed, printed) => {
    panel();
    type(/Name on the back/, "rai");
    type(/Number/, typed);
    expect(drawn()).toEqual(["RAI", printed]);
    expect(screen.getByText(`Printing: RAI ${printed}`)).toBeTruthy();
  });

  it("draws the number even while the name is still wrong, and the faded example while there is no number", () => {
    panel();
    type(/Number/, "07");
    expect(drawn()).toEqual(["YOUR NAME", "7"]);
    type(/Number/, "");
    const number = screen.getByRole("img").querySelectorAll("text")[1]!;
    expect([number.textContent, number.getAttribute("opacity")]).toEqual(["10", "0.45"]);
  });

  it("draws a listed player's own number", () => {
    panel("/products/nepal-home", PLAYERS);
    fireEvent.change(screen.getByLabelText("Player"), { target: { value: "paudel-7" } });
    expect(drawn()).toEqual(["PAUDEL", "7"]);
  });

  it("draws 07 as ७ on a Nepali page", () => {
    panel("/ne/products/nepal-home");
    type(/पछाडि लेखिने नाम/, "paudel");
    type(/^नम्बर \(/, "07");
    expect(drawn()).toEqual(["PAUDEL", "७"]);
  });

  it("takes the digits a Nepali keyboard types: ०७ is 7", () => {
    panel("/ne/products/nepal-home");
    type(/पछाडि लेखिने नाम/, "paudel");
    type(/^नम्बर \(/, "०७");
    expect(drawn()).toEqual(["PAUDEL", "७"]);
    expect((screen.getByLabelText(/^नम्बर \(/) as HTMLInputElement).value).toBe("07");
  });
});

describe("resolvePrint", () => {
  it.each(["", " ", "0x1F", "7.0", "1e1", "+7", "-1", "100", "007", " 7"])("refuses %j as the number with the form's message", (number) => {
    const r = resolvePrint({ on: true, playerId: "", name: "PAUDEL", number }, [], ["LATIN"]);
    expect(r.print).toBeNull();
    expect(r.numberError).toBe("The number must be a whole number from 0 to 99");
  });
});
