import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from "node:crypto";
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { isoBase64URL, isoCBOR } from "@simplewebauthn/server/helpers";

const UP = 0x01;
const UV = 0x04;
const BE = 0x08;
const BS = 0x10;
const AT = 0x40;

const sha256 = (data: Uint8Array | string) => new Uint8Array(createHash("sha256").update(data).digest());
const b64 = (bytes: Uint8Array) => isoBase64URL.fromBuffer(bytes as Uint8Array<ArrayBuffer>);

/** What a ceremony may bend, to play a browser on another site or a misbehaving authenticator. */
export type Bend = {
  origin?: string;
  rpId?: string;
  /** The counter the authenticator reports this time (it counts up by one otherwise). */
  counter?: number;
  userVerified?: boolean;
  /** Signs with another key than the one registered (a forged or foreign assertion). */
  signWith?: KeyObject;
  /** The user handle the authenticator answers with (else the one it was registered with). */
  userHandle?: string;
  type?: string;
};

/**
 * A software passkey authenticator (ES256, attestation "none", discoverable), as a browser and a
 * platform authenticator together would answer: for tests of the ceremonies without a browser.
 */
export function softwareAuthenticator(o: { rpId: string; origin: string; synced?: boolean }) {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const credentialId = new Uint8Array(randomBytes(16));
  let counter = 0;
  let userHandle = "";
  const jwk = publicKey.export({ format: "jwk" });
  const cose = isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, new Uint8Array(Buffer.from(jwk.x!, "base64url"))],
      [-3, new Uint8Array(Buffer.from(jwk.y!, "base64url"))],
    ]),
  );
  const flags = (bend: Bend, extra = 0) =>
    UP | (bend.userVerified === false ? 0 : UV) | (o.synced ? BE | BS : 0) | extra;
  const authData = (bend: Bend, extra: number, attested: Uint8Array[]) => {
    const count = new Uint8Array(4);
    new DataView(count.buffer).setUint32(0, bend.counter ?? counter);
    return new Uint8Array(
      Buffer.concat([sha256(bend.rpId ?? o.rpId), new Uint8Array([flags(bend, extra)]), count, ...attested]),
    );
  };
  const clientData = (type: string, challenge: string, bend: Bend) =>
    new Uint8Array(
      Buffer.from(
        JSON.stringify({
          type: bend.type ?? type,
          challenge,
          origin: bend.origin ?? o.origin,
          crossOrigin: false,
        }),
      ),
    );

  return {
    id: b64(credentialId),
    /** Answers a registration's options with a new credential. */
    register(options: PublicKeyCredentialCreationOptionsJSON, bend: Bend = {}): RegistrationResponseJSON {
      userHandle = options.user.id;
      const idLength = new Uint8Array([credentialId.length >> 8, credentialId.length & 0xff]);
      const data = authData(bend, AT, [new Uint8Array(16), idLength, credentialId, cose]);
      const attestationObject = isoCBOR.encode(
        new Map<string, string | Uint8Array | Map<string, never>>([
          ["fmt", "none"],
          ["attStmt", new Map<string, never>()],
          ["authData", data],
        ]),
      );
      return {
        id: b64(credentialId),
        rawId: b64(credentialId),
        type: "public-key",
        authenticatorAttachment: "platform",
        clientExtensionResults: {},
        response: {
          clientDataJSON: b64(clientData("webauthn.create", options.challenge, bend)),
          attestationObject: b64(attestationObject),
          transports: ["internal", "hybrid"],
        },
      };
    },
    /** Signs a sign-in's challenge with this credential. */
    assert(challenge: string, bend: Bend = {}): AuthenticationResponseJSON {
      if (bend.counter === undefined) counter += 1;
      const data = authData(bend, 0, []);
      const client = clientData("webauthn.get", challenge, bend);
      const signature = sign("sha256", Buffer.concat([data, sha256(client)]), bend.signWith ?? privateKey);
      return {
        id: b64(credentialId),
        rawId: b64(credentialId),
        type: "public-key",
        authenticatorAttachment: "platform",
        clientExtensionResults: {},
        response: {
          clientDataJSON: b64(client),
          authenticatorData: b64(data),
          signature: b64(new Uint8Array(signature)),
          ...((bend.userHandle ?? userHandle) ? { userHandle: bend.userHandle ?? userHandle } : {}),
        },
      };
    },
  };
}

/** Another key, for signing what it should not. */
export function strangerKey(): KeyObject {
  return generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey;
}
