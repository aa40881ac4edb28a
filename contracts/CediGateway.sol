// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @title CediGateway
/// @notice Records the on-chain leg of a stablecoin-to-cedi conversion.
///
/// cediramp's operator key calls `convert` once per conversion: the token
/// amount moves from the paying address (which approved this contract
/// beforehand) straight into the treasury, and the `Converted` event is the
/// receipt the C service reconciles against. The conversion id (a bytes32
/// the service derives from its own order id) can be used only once, so a
/// replayed or retried call can never move funds twice.
///
/// Deliberately small: no upgrade path, no funds held here, no way to
/// receive ether. The owner (a key apart from the operators') may only add
/// and remove operators, so that the operator's key can be rotated without
/// a new gateway (`cediramp-admin signer rotate`): the new key is added,
/// the old one's transactions finish, the old one is removed. Changing the
/// owner or the treasury means deploying a new gateway.
contract CediGateway {
    /// The only address allowed to call `setOperator`.
    address public immutable owner;
    /// Where every converted token amount ends up.
    address public immutable treasury;
    /// The addresses allowed to call `convert` (during a rotation, two).
    mapping(address => bool) public isOperator;

    /// Conversion ids already used.
    mapping(bytes32 => bool) public converted;

    /// Emitted once per successful conversion.
    /// topic0 = keccak256("Converted(bytes32,address,address,uint256)"),
    /// topics 1-3 = id, token, from; data = amount (32 bytes).
    event Converted(bytes32 indexed id, address indexed token, address indexed from, uint256 amount);
    /// Emitted on every `setOperator`.
    event OperatorSet(address indexed operator, bool allowed);

    error NotOwner();
    error NotOperator();
    error AlreadyConverted(bytes32 id);
    error ZeroAddress();
    error ZeroAmount();
    error NotAContract(address token);
    error TransferFailed();

    constructor(address operator_, address treasury_, address owner_) {
        if (operator_ == address(0) || treasury_ == address(0) || owner_ == address(0)) revert ZeroAddress();
        owner = owner_;
        treasury = treasury_;
        isOperator[operator_] = true;
        emit OperatorSet(operator_, true);
    }

    /// @notice Allows (or no longer allows) `operator_` to call `convert`.
    function setOperator(address operator_, bool allowed) external {
        if (msg.sender != owner) revert NotOwner();
        if (operator_ == address(0)) revert ZeroAddress();
        isOperator[operator_] = allowed;
        emit OperatorSet(operator_, allowed);
    }

    /// @notice Pulls `amount` of `token` from `from` into the treasury and
    /// records conversion `id`.
    /// @dev `from` must have approved this contract for at least `amount`.
    /// If the token reverts with data (a reason string, a custom error),
    /// that revert data is passed through unchanged so the caller sees why;
    /// a revert without data, a `false` return or a malformed return value
    /// reverts with TransferFailed().
    function convert(bytes32 id, address token, address from, uint256 amount) external {
        if (!isOperator[msg.sender]) revert NotOperator();
        if (converted[id]) revert AlreadyConverted(id);
        if (amount == 0) revert ZeroAmount();
        // A call to an address without code "succeeds" with no return data,
        // which would look like a USDT-style transfer: refuse it up front.
        if (token.code.length == 0) revert NotAContract(token);

        // Effects before the external call: a re-entrant convert with the
        // same id fails with AlreadyConverted.
        converted[id] = true;

        // transferFrom(address,address,uint256) as a low-level call, because
        // some tokens (mainnet USDT) return nothing instead of a bool.
        (bool ok, bytes memory ret) =
            token.call(abi.encodeWithSelector(0x23b872dd, from, treasury, amount));
        if (!ok) {
            if (ret.length == 0) revert TransferFailed();
            // Pass the token's own revert data through.
            assembly {
                revert(add(ret, 32), mload(ret))
            }
        }
        // No return data: a token that returns nothing (checked above that
        // it has code). Otherwise it must be an ABI-encoded `true`.
        if (ret.length != 0 && (ret.length < 32 || uint256(bytes32(ret)) != 1)) revert TransferFailed();

        emit Converted(id, token, from, amount);
    }
}
